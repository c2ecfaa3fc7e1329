-- CreateTable
CREATE TABLE "IdeaCustomerCompany" (
    "ideaId" INTEGER NOT NULL,
    "customerCompanyId" INTEGER NOT NULL,
    "voters" INTEGER NOT NULL,

    CONSTRAINT "IdeaCustomerCompany_pkey" PRIMARY KEY ("ideaId","customerCompanyId")
);

-- CreateIndex
CREATE INDEX "IdeaCustomerCompany_customerCompanyId_ideaId_idx" ON "IdeaCustomerCompany"("customerCompanyId", "ideaId");

-- AddForeignKey
ALTER TABLE "IdeaCustomerCompany" ADD CONSTRAINT "IdeaCustomerCompany_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How many of each idea's voters work for each customer company, from the votes there are.
INSERT INTO "IdeaCustomerCompany" ("ideaId", "customerCompanyId", "voters")
SELECT v."ideaId", m."customerCompanyId", count(*)::int
FROM "Vote" v
JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
GROUP BY v."ideaId", m."customerCompanyId";

ANALYZE "IdeaCustomerCompany";

-- Ideas' values from their rows above: the same sum as idea_customer_value (migration
-- idea_value, the one definition, which the check of `npm run db:idea-counts` recounts from the
-- votes), reading one row per customer company behind an idea instead of one per vote, for a
-- set of ideas at once (each once, reached by its key: an idea with no rows is worth 0).
CREATE FUNCTION idea_company_values(idea_ids INTEGER[])
RETURNS TABLE ("id" INTEGER, "value" DOUBLE PRECISION)
LANGUAGE sql STABLE AS $$
  SELECT t."id", COALESCE(sum(cc."monthlySpend"), 0)::float8
  FROM (SELECT DISTINCT u."id" FROM unnest(idea_ids) AS u("id")) t
  LEFT JOIN "IdeaCustomerCompany" x ON x."ideaId" = t."id"
  LEFT JOIN "CustomerCompany" cc ON cc."id" = x."customerCompanyId"
  GROUP BY t."id"
$$;

-- Moves the voter counts of (idea, customer company) pairs by deltas (one entry a pair), inside
-- the caller's row locks on those ideas: a pair going from none to some is inserted, one going
-- to none is deleted (the unique key and ON CONFLICT keep two concurrent writers exact, each
-- adding to the row the other committed, and (xmax = 0) tells a row just inserted from one
-- updated, as the customer import does), and only the ideas where a pair appeared or went
-- have their value set again, from their rows (so a vote by a fourth voter of a customer
-- already counted leaves the idea's value alone). Each statement reads a fresh snapshot.
CREATE FUNCTION idea_customer_companies_move(idea_ids INTEGER[], company_ids INTEGER[], deltas INTEGER[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved INTEGER[];
  emptied INTEGER[];
BEGIN
  WITH d AS (
    SELECT t."ideaId", t."customerCompanyId", t."n"
    FROM unnest(idea_ids, company_ids, deltas) AS t("ideaId", "customerCompanyId", "n")
    WHERE t."n" > 0
    ORDER BY 1, 2
  ), up AS (
    INSERT INTO "IdeaCustomerCompany" AS x ("ideaId", "customerCompanyId", "voters")
    SELECT d."ideaId", d."customerCompanyId", d."n" FROM d
    ON CONFLICT ("ideaId", "customerCompanyId")
    DO UPDATE SET "voters" = x."voters" + EXCLUDED."voters"
    RETURNING x."ideaId", (x."xmax" = 0) AS "isNew"
  )
  SELECT array_agg(DISTINCT up."ideaId") INTO moved FROM up WHERE up."isNew";

  WITH d AS (
    SELECT t."ideaId", t."customerCompanyId", t."n"
    FROM unnest(idea_ids, company_ids, deltas) AS t("ideaId", "customerCompanyId", "n")
    WHERE t."n" < 0
  ), up AS (
    UPDATE "IdeaCustomerCompany" x SET "voters" = x."voters" + d."n"
    FROM d
    WHERE x."ideaId" = d."ideaId" AND x."customerCompanyId" = d."customerCompanyId"
    RETURNING x."ideaId", x."voters"
  )
  SELECT array_agg(DISTINCT up."ideaId") INTO emptied FROM up WHERE up."voters" <= 0;

  IF emptied IS NOT NULL THEN
    DELETE FROM "IdeaCustomerCompany" WHERE "ideaId" = ANY(emptied) AND "voters" <= 0;
    moved := array_cat(moved, emptied);
  END IF;
  IF moved IS NOT NULL THEN
    UPDATE "Idea" i SET "value" = r."value"
    FROM idea_company_values(moved) r
    WHERE i."id" = r."id" AND i."value" <> r."value";
  END IF;
END $$;

-- Votes added or removed (a vote, a vote on behalf, a merge and its undo, an import, a block,
-- an erasure, a cascade): once per statement, with the votes it wrote. Every such statement
-- moves the ideas' "voteCount" too, so the ideas are locked by then, and the memberships are
-- read after those locks (a membership writer locks the voters' ideas before it reads votes,
-- and an adding writer waits on the company's value lock, services/customer/idea-value.ts).
CREATE FUNCTION idea_customer_companies_on_votes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ideas INTEGER[];
  companies INTEGER[];
  deltas INTEGER[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c."ideaId"), array_agg(c."customerCompanyId"), array_agg(c."n")
    INTO ideas, companies, deltas
    FROM (SELECT v."ideaId", m."customerCompanyId", count(*)::int AS "n"
          FROM added v JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
          GROUP BY v."ideaId", m."customerCompanyId") c;
  ELSE
    SELECT array_agg(c."ideaId"), array_agg(c."customerCompanyId"), array_agg(c."n")
    INTO ideas, companies, deltas
    FROM (SELECT v."ideaId", m."customerCompanyId", -count(*)::int AS "n"
          FROM removed v JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
          GROUP BY v."ideaId", m."customerCompanyId") c;
  END IF;
  IF ideas IS NOT NULL THEN
    PERFORM idea_customer_companies_move(ideas, companies, deltas);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Vote_customer_companies_added" AFTER INSERT ON "Vote"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION idea_customer_companies_on_votes();

CREATE TRIGGER "Vote_customer_companies_removed" AFTER DELETE ON "Vote"
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION idea_customer_companies_on_votes();

-- A vote moved to another idea or voter (no service does this today): out of its old pair,
-- into its new one.
CREATE FUNCTION idea_customer_companies_on_vote_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM idea_customer_companies_move(
    array_agg(c."ideaId"), array_agg(c."customerCompanyId"), array_agg(c."n"))
  FROM (SELECT s."ideaId", m."customerCompanyId", sum(s."n")::int AS "n"
        FROM (VALUES (OLD."ideaId", OLD."userId", -1), (NEW."ideaId", NEW."userId", 1))
             AS s("ideaId", "userId", "n")
        JOIN "CustomerCompanyMember" m ON m."userId" = s."userId"
        GROUP BY s."ideaId", m."customerCompanyId"
        HAVING sum(s."n") <> 0) c
  HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "Vote_customer_companies_moved" AFTER UPDATE OF "ideaId", "userId" ON "Vote"
  FOR EACH ROW WHEN (OLD."ideaId" <> NEW."ideaId" OR OLD."userId" <> NEW."userId")
  EXECUTE FUNCTION idea_customer_companies_on_vote_moved();

-- Memberships added or removed (the console, the customer import, SSO sign-ins, a customer
-- company or user deleted): the ideas the users voted on are locked first, in id order, and
-- their votes read in the next statement, so a vote removed meanwhile is counted by exactly
-- one side (it waited on the idea, or this did).
CREATE FUNCTION idea_customer_companies_on_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users INTEGER[];
  companies INTEGER[];
  deltas INTEGER[];
  ideas INTEGER[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(a."userId"), array_agg(a."customerCompanyId"), array_agg(1)
    INTO users, companies, deltas FROM joined a;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(a."userId"), array_agg(a."customerCompanyId"), array_agg(-1)
    INTO users, companies, deltas FROM departed a;
  ELSE
    SELECT array_agg(c."userId"), array_agg(c."customerCompanyId"), array_agg(c."n")
    INTO users, companies, deltas
    FROM (SELECT a."userId", a."customerCompanyId", sum(a."n")::int AS "n"
          FROM (SELECT j."userId", j."customerCompanyId", 1 AS "n" FROM joined j
                UNION ALL
                SELECT d."userId", d."customerCompanyId", -1 FROM departed d) a
          GROUP BY a."userId", a."customerCompanyId"
          HAVING sum(a."n") <> 0) c;
  END IF;
  IF users IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM (SELECT i."id" FROM "Idea" i
                  WHERE i."id" IN (SELECT v."ideaId" FROM "Vote" v WHERE v."userId" = ANY(users))
                  ORDER BY i."id"
                  FOR NO KEY UPDATE) l;
  SELECT array_agg(c."ideaId"), array_agg(c."customerCompanyId"), array_agg(c."n")
  INTO ideas, companies, deltas
  FROM (SELECT v."ideaId", m."customerCompanyId", sum(m."n")::int AS "n"
        FROM unnest(users, companies, deltas) AS m("userId", "customerCompanyId", "n")
        JOIN "Vote" v ON v."userId" = m."userId"
        GROUP BY v."ideaId", m."customerCompanyId"
        HAVING sum(m."n") <> 0) c;
  IF ideas IS NOT NULL THEN
    PERFORM idea_customer_companies_move(ideas, companies, deltas);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "CustomerCompanyMember_ideas_joined" AFTER INSERT ON "CustomerCompanyMember"
  REFERENCING NEW TABLE AS joined
  FOR EACH STATEMENT EXECUTE FUNCTION idea_customer_companies_on_members();

CREATE TRIGGER "CustomerCompanyMember_ideas_departed" AFTER DELETE ON "CustomerCompanyMember"
  REFERENCING OLD TABLE AS departed
  FOR EACH STATEMENT EXECUTE FUNCTION idea_customer_companies_on_members();

CREATE TRIGGER "CustomerCompanyMember_ideas_moved" AFTER UPDATE ON "CustomerCompanyMember"
  REFERENCING OLD TABLE AS departed NEW TABLE AS joined
  FOR EACH STATEMENT EXECUTE FUNCTION idea_customer_companies_on_members();

-- A customer company's spend changed: the ideas it stands behind are locked first, in id order,
-- and their values set again from their rows in the next statement (which sees every vote
-- committed on them by then).
CREATE FUNCTION idea_customer_companies_on_spend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  companies INTEGER[];
  ideas INTEGER[];
BEGIN
  SELECT array_agg(n."id") INTO companies
  FROM respent n JOIN unspent o ON o."id" = n."id"
  WHERE n."monthlySpend" <> o."monthlySpend";
  IF companies IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(l."id") INTO ideas
  FROM (SELECT i."id" FROM "Idea" i
        WHERE i."id" IN (SELECT x."ideaId" FROM "IdeaCustomerCompany" x
                         WHERE x."customerCompanyId" = ANY(companies))
        ORDER BY i."id"
        FOR NO KEY UPDATE) l;
  IF ideas IS NOT NULL THEN
    UPDATE "Idea" i SET "value" = r."value"
    FROM idea_company_values(ideas) r
    WHERE i."id" = r."id" AND i."value" <> r."value";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "CustomerCompany_ideas_respent" AFTER UPDATE ON "CustomerCompany"
  REFERENCING OLD TABLE AS unspent NEW TABLE AS respent
  FOR EACH STATEMENT EXECUTE FUNCTION idea_customer_companies_on_spend();

-- The value no longer recounts every vote of the idea whenever its count moves.
DROP TRIGGER "Idea_value_on_votes" ON "Idea";
DROP FUNCTION idea_value_on_votes();

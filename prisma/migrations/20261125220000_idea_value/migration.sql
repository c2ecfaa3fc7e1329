-- AlterTable
ALTER TABLE "Idea" ADD COLUMN     "value" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- An idea's value: the summed monthly spend of the DISTINCT customer companies behind its votes
-- (a customer with three voters counts once). The one definition: the trigger below, the
-- services that recompute after a spend or membership change and the check of
-- `npm run db:idea-counts` all call it. STABLE: it reads with the snapshot of the statement
-- that calls it (a trigger's statement takes a fresh one).
CREATE FUNCTION idea_customer_value(idea_id INTEGER) RETURNS DOUBLE PRECISION
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(cc."monthlySpend"), 0)::float8
  FROM "CustomerCompany" cc
  WHERE cc."id" IN (SELECT m."customerCompanyId" FROM "Vote" v
                    JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
                    WHERE v."ideaId" = idea_id)
$$;

-- Every write that adds or removes votes moves "voteCount" in the same statement (a vote, a vote
-- on behalf, a merge and its undo, a block that removes votes, an erasure), so the value is set
-- with it, in the same row version. A BEFORE ROW trigger runs once the row is locked (after
-- waiting for a concurrent vote on the idea, whose votes it then sees: its query takes a fresh
-- snapshot), and it sees the votes its own statement inserted or deleted.
CREATE FUNCTION idea_value_on_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."value" := idea_customer_value(NEW."id");
  RETURN NEW;
END $$;

CREATE TRIGGER "Idea_value_on_votes" BEFORE UPDATE OF "voteCount" ON "Idea"
  FOR EACH ROW EXECUTE FUNCTION idea_value_on_votes();

-- The values of the ideas already there.
UPDATE "Idea" SET "value" = idea_customer_value("id")
WHERE "id" IN (SELECT v."ideaId" FROM "Vote" v
               JOIN "CustomerCompanyMember" m ON m."userId" = v."userId");

-- CreateIndex
CREATE INDEX "Idea_boardId_value_voteCount_id_idx" ON "Idea"("boardId", "value" DESC, "voteCount" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Idea_boardId_status_value_voteCount_id_idx" ON "Idea"("boardId", "status", "value" DESC, "voteCount" DESC, "id" DESC);

-- CreateTable
CREATE TABLE "BoardIdeaCount" (
    "boardId" INTEGER NOT NULL,
    "status" "IdeaStatus" NOT NULL,
    "ideaCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BoardIdeaCount_pkey" PRIMARY KEY ("boardId","status")
);

-- CreateIndex
CREATE INDEX "Idea_authorId_boardId_idx" ON "Idea"("authorId", "boardId");

-- AddForeignKey
ALTER TABLE "BoardIdeaCount" ADD CONSTRAINT "BoardIdeaCount_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Keeping the counters: one statement-level trigger for inserts and one for deletes (a bulk
-- insert or a board's cascade adds one delta per board and status), and a row trigger for an
-- idea that changes status or board. It fires only when one of those columns is set, so a vote
-- (which sets "voteCount") runs nothing. Every change is applied in (board, status) order, so
-- two transactions never take two counter rows in opposite orders (no deadlock). A decrement
-- only updates: on a board's cascade its counter rows may already be gone.
CREATE FUNCTION board_idea_count_add(board_id INTEGER, idea_status "IdeaStatus", delta INTEGER)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta > 0 THEN
    INSERT INTO "BoardIdeaCount" ("boardId", "status", "ideaCount")
    VALUES (board_id, idea_status, delta)
    ON CONFLICT ("boardId", "status")
    DO UPDATE SET "ideaCount" = "BoardIdeaCount"."ideaCount" + EXCLUDED."ideaCount";
  ELSIF delta < 0 THEN
    UPDATE "BoardIdeaCount" SET "ideaCount" = "ideaCount" + delta
    WHERE "boardId" = board_id AND "status" = idea_status;
  END IF;
END $$;

CREATE FUNCTION board_idea_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
BEGIN
  FOR d IN SELECT "boardId", "status", count(*)::int AS n FROM new_ideas
           GROUP BY "boardId", "status" ORDER BY "boardId", "status" LOOP
    PERFORM board_idea_count_add(d."boardId", d."status", d.n);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION board_idea_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
BEGIN
  FOR d IN SELECT "boardId", "status", count(*)::int AS n FROM old_ideas
           GROUP BY "boardId", "status" ORDER BY "boardId", "status" LOOP
    PERFORM board_idea_count_add(d."boardId", d."status", -d.n);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION board_idea_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."boardId", OLD."status") < (NEW."boardId", NEW."status") THEN
    PERFORM board_idea_count_add(OLD."boardId", OLD."status", -1);
    PERFORM board_idea_count_add(NEW."boardId", NEW."status", 1);
  ELSE
    PERFORM board_idea_count_add(NEW."boardId", NEW."status", 1);
    PERFORM board_idea_count_add(OLD."boardId", OLD."status", -1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Idea_count_inserted" AFTER INSERT ON "Idea"
  REFERENCING NEW TABLE AS new_ideas FOR EACH STATEMENT EXECUTE FUNCTION board_idea_count_inserted();
CREATE TRIGGER "Idea_count_deleted" AFTER DELETE ON "Idea"
  REFERENCING OLD TABLE AS old_ideas FOR EACH STATEMENT EXECUTE FUNCTION board_idea_count_deleted();
CREATE TRIGGER "Idea_count_moved" AFTER UPDATE OF "status", "boardId" ON "Idea"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."boardId" IS DISTINCT FROM NEW."boardId")
  EXECUTE FUNCTION board_idea_count_moved();

-- The counts of the ideas already there.
INSERT INTO "BoardIdeaCount" ("boardId", "status", "ideaCount")
SELECT "boardId", "status", count(*)::int FROM "Idea" GROUP BY "boardId", "status";

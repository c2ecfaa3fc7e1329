-- AlterTable
ALTER TABLE "Idea" ADD COLUMN     "customStatusId" INTEGER;

-- CreateTable
CREATE TABLE "BoardStatus" (
    "id" SERIAL NOT NULL,
    "boardId" INTEGER NOT NULL,
    "kind" "IdeaStatus" NOT NULL,
    "nameEn" TEXT NOT NULL,
    "namePl" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BoardStatus_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BoardStatus_boardId_position_idx" ON "BoardStatus"("boardId", "position");

-- CreateIndex
CREATE INDEX "Idea_customStatusId_idx" ON "Idea"("customStatusId");

-- AddForeignKey
ALTER TABLE "Idea" ADD CONSTRAINT "Idea_customStatusId_fkey" FOREIGN KEY ("customStatusId") REFERENCES "BoardStatus"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoardStatus" ADD CONSTRAINT "BoardStatus_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- NOT_PUBLIC is the moderation state, never a custom status.
ALTER TABLE "BoardStatus" ADD CONSTRAINT "BoardStatus_kind_public" CHECK ("kind" <> 'NOT_PUBLIC');

-- An idea's custom status belongs to its board and has its status as kind. A write that changes
-- the status or the board without naming a custom status (decline, move, merge, a plain status
-- change) drops the old one, so the idea shows the new kind's default name; a write that names
-- an inconsistent one is refused.
CREATE FUNCTION idea_custom_status_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW."customStatusId" IS NOT DISTINCT FROM OLD."customStatusId"
     AND (NEW."status" IS DISTINCT FROM OLD."status" OR NEW."boardId" IS DISTINCT FROM OLD."boardId") THEN
    NEW."customStatusId" := NULL;
  END IF;
  IF NEW."customStatusId" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "BoardStatus" s
    WHERE s."id" = NEW."customStatusId" AND s."boardId" = NEW."boardId" AND s."kind" = NEW."status"
  ) THEN
    RAISE EXCEPTION 'custom status % is not a % status of board %',
      NEW."customStatusId", NEW."status", NEW."boardId" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Idea_custom_status" BEFORE INSERT OR UPDATE OF "status", "boardId", "customStatusId" ON "Idea"
  FOR EACH ROW EXECUTE FUNCTION idea_custom_status_check();

-- A status keeps its board and kind (ideas rely on both); a different kind is a new status.
CREATE FUNCTION board_status_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."boardId" IS DISTINCT FROM OLD."boardId" THEN
    RAISE EXCEPTION 'a board status keeps its board and kind' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "BoardStatus_fixed" BEFORE UPDATE OF "kind", "boardId" ON "BoardStatus"
  FOR EACH ROW EXECUTE FUNCTION board_status_fixed();

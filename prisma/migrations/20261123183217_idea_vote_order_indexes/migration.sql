-- DropIndex
DROP INDEX "Idea_boardId_status_voteCount_id_idx";

-- DropIndex
DROP INDEX "Idea_boardId_voteCount_id_idx";

-- CreateIndex
CREATE INDEX "Idea_boardId_voteCount_id_idx" ON "Idea"("boardId", "voteCount" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Idea_boardId_status_voteCount_id_idx" ON "Idea"("boardId", "status", "voteCount" DESC, "id" DESC);

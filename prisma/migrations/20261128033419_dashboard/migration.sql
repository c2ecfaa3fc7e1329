-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "checklistDismissedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Idea" ADD COLUMN     "isSample" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Idea_boardId_isSample_idx" ON "Idea"("boardId", "isSample");

-- CreateIndex
CREATE INDEX "Vote_ideaId_createdAt_idx" ON "Vote"("ideaId", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_authorId_idx" ON "Comment"("authorId");

-- Rows an import created, by job (services/import/run-import.ts): a failed import takes them
-- back a chunk at a time and counts them, and a resumed one skips what it already wrote. Only
-- imported rows carry a job, so the indexes are partial: the votes, comments and ideas people
-- write by hand pay nothing for them. Prisma's schema cannot state a partial index, and its diff
-- leaves these alone.
CREATE INDEX "Vote_importJobId_partial_idx" ON "Vote" ("importJobId") WHERE "importJobId" IS NOT NULL;
CREATE INDEX "Comment_importJobId_partial_idx" ON "Comment" ("importJobId") WHERE "importJobId" IS NOT NULL;
CREATE INDEX "Idea_importJobId_partial_idx" ON "Idea" ("importJobId") WHERE "importJobId" IS NOT NULL;
CREATE INDEX "User_importJobId_partial_idx" ON "User" ("importJobId") WHERE "importJobId" IS NOT NULL;

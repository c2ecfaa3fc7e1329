-- CreateEnum
CREATE TYPE "VoteImportance" AS ENUM ('NICE_TO_HAVE', 'IMPORTANT', 'MUST_HAVE');

-- AlterTable
ALTER TABLE "IdeaMergeVote" ADD COLUMN     "addedById" INTEGER,
ADD COLUMN     "importance" "VoteImportance",
ADD COLUMN     "note" TEXT;

-- AlterTable
ALTER TABLE "Vote" ADD COLUMN     "addedById" INTEGER,
ADD COLUMN     "importance" "VoteImportance",
ADD COLUMN     "note" TEXT;

-- AddForeignKey
ALTER TABLE "Vote" ADD CONSTRAINT "Vote_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaMergeVote" ADD CONSTRAINT "IdeaMergeVote_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

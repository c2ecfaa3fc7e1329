-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "IdeaActivityKind" ADD VALUE 'TAG_ADDED';
ALTER TYPE "IdeaActivityKind" ADD VALUE 'TAG_REMOVED';

-- AlterTable
ALTER TABLE "IdeaMerge" ADD COLUMN     "previousCustomStatusId" INTEGER;

-- CreateIndex
CREATE INDEX "IdeaMerge_previousCustomStatusId_idx" ON "IdeaMerge"("previousCustomStatusId");

-- AddForeignKey
ALTER TABLE "IdeaMerge" ADD CONSTRAINT "IdeaMerge_previousCustomStatusId_fkey" FOREIGN KEY ("previousCustomStatusId") REFERENCES "BoardStatus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

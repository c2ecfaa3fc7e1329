-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "importJobId" INTEGER;

-- AlterTable
ALTER TABLE "Idea" ADD COLUMN     "importJobId" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "importJobId" INTEGER;

-- AlterTable
ALTER TABLE "Vote" ADD COLUMN     "importJobId" INTEGER;

-- AlterTable
ALTER TABLE "Board" ADD COLUMN     "moderateNewIdeas" BOOLEAN NOT NULL DEFAULT true;

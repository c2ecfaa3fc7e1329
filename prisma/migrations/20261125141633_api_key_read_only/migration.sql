-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "isReadOnly" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Release" ADD COLUMN     "bodyHtml" TEXT;

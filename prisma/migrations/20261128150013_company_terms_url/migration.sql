-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "termsUrl" TEXT;

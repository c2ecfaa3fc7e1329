-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "customDomain" TEXT,
ADD COLUMN     "logoUrl" TEXT,
ADD COLUMN     "websiteUrl" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Company_customDomain_key" ON "Company"("customDomain");

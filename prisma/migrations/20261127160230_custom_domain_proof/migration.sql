-- CreateEnum
CREATE TYPE "CustomDomainStatus" AS ENUM ('PENDING', 'VERIFIED', 'FAILED');

-- DropIndex
DROP INDEX "Company_customDomain_key";

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "customDomainBound" TEXT,
ADD COLUMN     "customDomainCheckedAt" TIMESTAMP(3),
ADD COLUMN     "customDomainMissingSince" TIMESTAMP(3),
ADD COLUMN     "customDomainNextCheckAt" TIMESTAMP(3),
ADD COLUMN     "customDomainStatus" "CustomDomainStatus",
ADD COLUMN     "customDomainToken" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Company_customDomainBound_key" ON "Company"("customDomainBound");

-- CreateIndex
CREATE INDEX "Company_customDomainNextCheckAt_idx" ON "Company"("customDomainNextCheckAt");

-- Domains bound before ownership had to be proved keep being served (VERIFIED) and are looked
-- up at the first periodic check: without the TXT record they are unbound once the grace period
-- has passed, which gives their owners time to add it (the console shows the record to create).
UPDATE "Company"
SET "customDomainStatus" = 'VERIFIED',
    "customDomainBound" = "customDomain",
    "customDomainToken" = replace(gen_random_uuid()::text, '-', ''),
    "customDomainNextCheckAt" = (now() AT TIME ZONE 'UTC')
WHERE "customDomain" IS NOT NULL;

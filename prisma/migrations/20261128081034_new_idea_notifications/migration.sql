-- CreateEnum
CREATE TYPE "NewIdeaMail" AS ENUM ('EACH', 'DIGEST', 'NONE');

-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'NEW_IDEA';

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "newIdeaDigestDay" DATE;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "newIdeaMail" "NewIdeaMail";

-- CreateIndex
CREATE INDEX "Notification_companyId_kind_createdAt_idx" ON "Notification"("companyId", "kind", "createdAt");

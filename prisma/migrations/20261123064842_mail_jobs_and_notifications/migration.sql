-- CreateEnum
CREATE TYPE "NotificationPreference" AS ENUM ('ALL', 'MY_IDEAS', 'NONE');

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "mailKey" TEXT NOT NULL DEFAULT encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');

-- AlterTable
ALTER TABLE "Mail" ADD COLUMN     "dedupeKey" TEXT,
ADD COLUMN     "headers" JSONB,
ADD COLUMN     "topic" TEXT NOT NULL DEFAULT 'ACCOUNT',
ADD COLUMN     "userId" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "notifications" "NotificationPreference" NOT NULL DEFAULT 'ALL';

-- CreateIndex
CREATE UNIQUE INDEX "Mail_dedupeKey_key" ON "Mail"("dedupeKey");

-- CreateIndex
CREATE INDEX "Mail_userId_idx" ON "Mail"("userId");

-- AddForeignKey
ALTER TABLE "Mail" ADD CONSTRAINT "Mail_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

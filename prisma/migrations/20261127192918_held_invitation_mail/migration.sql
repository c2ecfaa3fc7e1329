-- AlterEnum
ALTER TYPE "MailStatus" ADD VALUE 'HELD';

-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "heldMailId" INTEGER;

-- AlterTable
ALTER TABLE "Mail" ADD COLUMN     "heldForUserId" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_heldMailId_key" ON "Invitation"("heldMailId");

-- CreateIndex
CREATE INDEX "Mail_heldForUserId_status_idx" ON "Mail"("heldForUserId", "status");

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_heldMailId_fkey" FOREIGN KEY ("heldMailId") REFERENCES "Mail"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The invitation mail carries a token of its own (issue 33): accepting with it proves the
-- address, while the link shown to the inviter (handed over by chat, say) does not, and the
-- account it makes confirms its address by mail like any other.

-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "mailTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_mailTokenHash_key" ON "Invitation"("mailTokenHash");

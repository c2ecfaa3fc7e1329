-- Confirmed email addresses (issue 25.3): no notification mail goes to an address until its owner
-- has confirmed it, through a one-use mailed link or a company-signed SSO token.
--
-- Existing users, decided here once (no semicolons or quotes in these comments: the statements
-- are split on them):
-- * SSO users: their emails are confirmed. The company signed them, as it does from now on.
-- * Owners and admins: confirmed. They signed up (or were made admins) before confirmation
--   existed, run the company and already receive its mail. Stopping it would break working
--   accounts without making anyone safer than their own sign-in already does.
-- * Regular end users (MEMBER, signed up through a board) stay unconfirmed. Anyone could have
--   typed the address of someone else there, which is the hole this closes. They get no notification
--   until they confirm from their profile (widget or console, with resend confirmation).

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailConfirmedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "EmailConfirmation" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "EmailConfirmation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailConfirmation_tokenHash_key" ON "EmailConfirmation"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailConfirmation_userId_idx" ON "EmailConfirmation"("userId");

-- AddForeignKey
ALTER TABLE "EmailConfirmation" ADD CONSTRAINT "EmailConfirmation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing users (see the top of this file).
UPDATE "User" SET "emailConfirmedAt" = CURRENT_TIMESTAMP
WHERE "email" IS NOT NULL AND ("kind" = 'SSO' OR "role" IN ('OWNER', 'ADMIN'));

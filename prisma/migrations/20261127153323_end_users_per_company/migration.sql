-- CreateEnum
CREATE TYPE "SessionScope" AS ENUM ('FULL', 'END_USER');

-- CreateEnum
CREATE TYPE "SignupPolicy" AS ENUM ('ANYONE', 'EMAIL_DOMAINS', 'SSO_ONLY');

-- DropIndex
DROP INDEX "User_loginEmail_key";

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "signupEmailDomains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "signupPolicy" "SignupPolicy" NOT NULL DEFAULT 'ANYONE',
ADD COLUMN     "ssoTrustEmails" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "scope" "SessionScope" NOT NULL DEFAULT 'FULL';

-- CreateIndex
CREATE INDEX "User_loginEmail_idx" ON "User"("loginEmail");

-- CreateIndex
CREATE UNIQUE INDEX "User_companyId_loginEmail_key" ON "User"("companyId", "loginEmail");

-- A team account's address stays unique across all companies (the console's sign-in and
-- password recovery find it by address alone), while end users are unique per company only.
-- Prisma cannot declare a partial index: it lives here, outside schema.prisma.
CREATE UNIQUE INDEX "User_team_loginEmail_key" ON "User"("loginEmail") WHERE "role" <> 'END_USER';

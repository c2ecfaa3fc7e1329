-- AlterTable
-- Companies that exist today keep accepting SSO tokens without `exp` (their integrations may
-- sign none, and the spec allows it): the column is added with false for every existing row,
-- then its default becomes true, so companies created from now on require an expiry.
-- (No semicolon in these comments: the PostgreSQL adapter splits the script at each one.)
ALTER TABLE "Company" ADD COLUMN     "ssoMaxLifetimeMinutes" INTEGER NOT NULL DEFAULT 1440,
ADD COLUMN     "ssoRequireExpiry" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "Company" ALTER COLUMN "ssoRequireExpiry" SET DEFAULT true;

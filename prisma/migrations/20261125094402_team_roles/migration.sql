-- Role gains END_USER: everybody who is not on a company's team. Until now MEMBER meant an end
-- user (nobody could invite a team member), so every MEMBER becomes END_USER and MEMBER is free
-- to mean a team member. The type is made anew rather than altered (ADD VALUE) because a value
-- added in a transaction cannot be used in that same transaction.
ALTER TYPE "Role" RENAME TO "Role_old";
CREATE TYPE "Role" AS ENUM ('OWNER', 'ADMIN', 'MEMBER', 'END_USER');
ALTER TABLE "User" ALTER COLUMN "role" DROP DEFAULT;
ALTER TABLE "User" ALTER COLUMN "role" TYPE "Role"
  USING (CASE WHEN "role"::text = 'MEMBER' THEN 'END_USER' ELSE "role"::text END)::"Role";
ALTER TABLE "User" ALTER COLUMN "role" SET DEFAULT 'END_USER';
DROP TYPE "Role_old";

-- CreateEnum
CREATE TYPE "PlanSource" AS ENUM ('PAYMENT', 'OPERATOR');

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "source" "PlanSource" NOT NULL DEFAULT 'PAYMENT';

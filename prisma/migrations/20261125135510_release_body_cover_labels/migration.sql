-- CreateEnum
CREATE TYPE "ReleaseLabel" AS ENUM ('NEW', 'IMPROVED', 'FIXED');

-- AlterTable
ALTER TABLE "Release" ADD COLUMN     "body" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "coverImageUrl" TEXT,
ADD COLUMN     "labels" "ReleaseLabel"[] DEFAULT ARRAY[]::"ReleaseLabel"[];

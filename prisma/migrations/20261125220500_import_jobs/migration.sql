-- CreateEnum
CREATE TYPE "ImportJobStatus" AS ENUM ('PREVIEWED', 'QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED');

-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "importExternalId" TEXT;

-- AlterTable
ALTER TABLE "Idea" ADD COLUMN     "importExternalId" TEXT,
ADD COLUMN     "importSource" TEXT;

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "boardId" INTEGER NOT NULL,
    "createdById" INTEGER,
    "source" TEXT NOT NULL,
    "fileNames" TEXT NOT NULL,
    "status" "ImportJobStatus" NOT NULL DEFAULT 'PREVIEWED',
    "payload" JSONB NOT NULL,
    "preview" JSONB NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "result" JSONB,
    "error" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportJob_status_id_idx" ON "ImportJob"("status", "id");

-- CreateIndex
CREATE INDEX "ImportJob_boardId_createdAt_idx" ON "ImportJob"("boardId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Comment_ideaId_importExternalId_key" ON "Comment"("ideaId", "importExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "Idea_boardId_importSource_importExternalId_key" ON "Idea"("boardId", "importSource", "importExternalId");

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

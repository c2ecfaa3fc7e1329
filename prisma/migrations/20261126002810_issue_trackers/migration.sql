-- CreateEnum
CREATE TYPE "IssueTrackerKind" AS ENUM ('GITHUB', 'LINEAR');

-- CreateTable
CREATE TABLE "IssueTrackerConnection" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" "IssueTrackerKind" NOT NULL,
    "sealedToken" TEXT NOT NULL,
    "tokenHint" TEXT NOT NULL,
    "repoOwner" TEXT,
    "repoName" TEXT,
    "teamId" TEXT,
    "sealedWebhookSecret" TEXT,
    "webhookKey" TEXT NOT NULL,
    "closedStatus" "IdeaStatus" NOT NULL DEFAULT 'COMPLETE',
    "closedStatusId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IssueTrackerConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdeaIssueLink" (
    "id" SERIAL NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "provider" "IssueTrackerKind" NOT NULL,
    "externalId" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdeaIssueLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "IssueTrackerConnection_webhookKey_key" ON "IssueTrackerConnection"("webhookKey");

-- CreateIndex
CREATE UNIQUE INDEX "IssueTrackerConnection_companyId_kind_key" ON "IssueTrackerConnection"("companyId", "kind");

-- CreateIndex
CREATE INDEX "IdeaIssueLink_ideaId_idx" ON "IdeaIssueLink"("ideaId");

-- CreateIndex
CREATE UNIQUE INDEX "IdeaIssueLink_connectionId_externalId_key" ON "IdeaIssueLink"("connectionId", "externalId");

-- AddForeignKey
ALTER TABLE "IssueTrackerConnection" ADD CONSTRAINT "IssueTrackerConnection_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueTrackerConnection" ADD CONSTRAINT "IssueTrackerConnection_closedStatusId_fkey" FOREIGN KEY ("closedStatusId") REFERENCES "BoardStatus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaIssueLink" ADD CONSTRAINT "IdeaIssueLink_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaIssueLink" ADD CONSTRAINT "IdeaIssueLink_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "IssueTrackerConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

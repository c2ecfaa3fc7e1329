-- AlterEnum
ALTER TYPE "WebhookEvent" ADD VALUE 'IDEA_ACCEPTED';

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "slackConnectionId" INTEGER,
ALTER COLUMN "webhookId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "SlackConnection" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "boardId" INTEGER,
    "sealedUrl" TEXT NOT NULL,
    "urlHint" TEXT NOT NULL,
    "events" "WebhookEvent"[],
    "language" TEXT NOT NULL DEFAULT 'en-US',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SlackConnection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SlackConnection_companyId_createdAt_idx" ON "SlackConnection"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_slackConnectionId_createdAt_id_idx" ON "WebhookDelivery"("slackConnectionId", "createdAt" DESC, "id");

-- AddForeignKey
ALTER TABLE "SlackConnection" ADD CONSTRAINT "SlackConnection_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SlackConnection" ADD CONSTRAINT "SlackConnection_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_slackConnectionId_fkey" FOREIGN KEY ("slackConnectionId") REFERENCES "SlackConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A delivery goes to exactly one receiver: a webhook or a Slack connection.
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_one_receiver" CHECK (("webhookId" IS NULL) <> ("slackConnectionId" IS NULL));

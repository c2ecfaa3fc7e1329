-- CreateTable
CREATE TABLE "ChangelogSubscriber" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'en-US',
    "confirmTokenHash" TEXT,
    "confirmExpiresAt" TIMESTAMP(3),
    "confirmedAt" TIMESTAMP(3),
    "unsubscribedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChangelogSubscriber_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ChangelogSubscriber_confirmTokenHash_key" ON "ChangelogSubscriber"("confirmTokenHash");

-- CreateIndex
CREATE INDEX "ChangelogSubscriber_companyId_confirmedAt_idx" ON "ChangelogSubscriber"("companyId", "confirmedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ChangelogSubscriber_companyId_email_key" ON "ChangelogSubscriber"("companyId", "email");

-- AddForeignKey
ALTER TABLE "ChangelogSubscriber" ADD CONSTRAINT "ChangelogSubscriber_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

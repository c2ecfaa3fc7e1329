-- CreateTable
CREATE TABLE "ImportJobPart" (
    "id" SERIAL NOT NULL,
    "importJobId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "rows" JSONB NOT NULL,

    CONSTRAINT "ImportJobPart_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ImportJobPart_importJobId_kind_seq_key" ON "ImportJobPart"("importJobId", "kind", "seq");

-- AddForeignKey
ALTER TABLE "ImportJobPart" ADD CONSTRAINT "ImportJobPart_importJobId_fkey" FOREIGN KEY ("importJobId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An import's lookups of a company's end users by address, whatever its case (preview and write)
CREATE INDEX "User_companyId_lower_email_idx" ON "User"("companyId", lower("email"));

-- CreateTable
CREATE TABLE "ErasedUser" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "externalIdHash" TEXT,
    "contentMode" TEXT NOT NULL,
    "erasedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErasedUser_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ErasedUser_companyId_externalIdHash_idx" ON "ErasedUser"("companyId", "externalIdHash");

-- AddForeignKey
ALTER TABLE "ErasedUser" ADD CONSTRAINT "ErasedUser_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "attributes" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "CustomerCompany" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "monthlySpend" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "plan" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerCompany_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerCompanyMember" (
    "customerCompanyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerCompanyMember_pkey" PRIMARY KEY ("customerCompanyId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomerCompany_companyId_externalId_key" ON "CustomerCompany"("companyId", "externalId");

-- CreateIndex
CREATE INDEX "CustomerCompanyMember_userId_customerCompanyId_idx" ON "CustomerCompanyMember"("userId", "customerCompanyId");

-- AddForeignKey
ALTER TABLE "CustomerCompany" ADD CONSTRAINT "CustomerCompany_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerCompanyMember" ADD CONSTRAINT "CustomerCompanyMember_customerCompanyId_fkey" FOREIGN KEY ("customerCompanyId") REFERENCES "CustomerCompany"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerCompanyMember" ADD CONSTRAINT "CustomerCompanyMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Board" ADD COLUMN     "allowedEmailDomains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "ssoAccess" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "BoardCustomerAccess" (
    "boardId" INTEGER NOT NULL,
    "customerCompanyId" INTEGER NOT NULL,

    CONSTRAINT "BoardCustomerAccess_pkey" PRIMARY KEY ("boardId","customerCompanyId")
);

-- CreateIndex
CREATE INDEX "BoardCustomerAccess_customerCompanyId_idx" ON "BoardCustomerAccess"("customerCompanyId");

-- AddForeignKey
ALTER TABLE "BoardCustomerAccess" ADD CONSTRAINT "BoardCustomerAccess_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoardCustomerAccess" ADD CONSTRAINT "BoardCustomerAccess_customerCompanyId_fkey" FOREIGN KEY ("customerCompanyId") REFERENCES "CustomerCompany"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "IdeaActivityKind" AS ENUM ('STATUS_CHANGED', 'MOVED', 'TITLE_CHANGED', 'MERGED', 'UNMERGED');

-- CreateTable
CREATE TABLE "IdeaActivity" (
    "id" SERIAL NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "actorId" INTEGER,
    "kind" "IdeaActivityKind" NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdeaActivity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdeaActivity_ideaId_id_idx" ON "IdeaActivity"("ideaId", "id" DESC);

-- CreateIndex
CREATE INDEX "IdeaActivity_actorId_idx" ON "IdeaActivity"("actorId");

-- AddForeignKey
ALTER TABLE "IdeaActivity" ADD CONSTRAINT "IdeaActivity_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaActivity" ADD CONSTRAINT "IdeaActivity_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

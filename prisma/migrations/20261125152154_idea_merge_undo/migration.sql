-- CreateTable
CREATE TABLE "IdeaMerge" (
    "id" SERIAL NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "keptIdeaId" INTEGER NOT NULL,
    "previousStatus" "IdeaStatus" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "IdeaMerge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdeaMergeVote" (
    "mergeId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "votedAt" TIMESTAMP(3) NOT NULL,
    "hadVotedKept" BOOLEAN NOT NULL,

    CONSTRAINT "IdeaMergeVote_pkey" PRIMARY KEY ("mergeId","userId")
);

-- CreateIndex
CREATE INDEX "IdeaMerge_ideaId_createdAt_idx" ON "IdeaMerge"("ideaId", "createdAt");

-- CreateIndex
CREATE INDEX "IdeaMerge_keptIdeaId_idx" ON "IdeaMerge"("keptIdeaId");

-- CreateIndex
CREATE INDEX "IdeaMergeVote_userId_idx" ON "IdeaMergeVote"("userId");

-- AddForeignKey
ALTER TABLE "IdeaMerge" ADD CONSTRAINT "IdeaMerge_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaMerge" ADD CONSTRAINT "IdeaMerge_keptIdeaId_fkey" FOREIGN KEY ("keptIdeaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaMergeVote" ADD CONSTRAINT "IdeaMergeVote_mergeId_fkey" FOREIGN KEY ("mergeId") REFERENCES "IdeaMerge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdeaMergeVote" ADD CONSTRAINT "IdeaMergeVote_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

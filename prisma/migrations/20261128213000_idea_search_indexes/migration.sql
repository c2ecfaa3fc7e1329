-- Indexes for searching a board's ideas (issue 38.2), so that a search reads the matching ideas
-- rather than every idea of the board. Expression and operator-class indexes that schema.prisma
-- cannot state (as the pg_trgm migration's extension): Prisma's diff leaves them alone.
--
-- The lists' search (title or description ILIKE '%text%', api/src/services/idea/listed-ideas.ts):
-- pg_trgm's GIN operator class answers ILIKE on a substring of three letters or more.
CREATE INDEX "Idea_title_trgm_idx" ON "Idea" USING gin ("title" gin_trgm_ops);
CREATE INDEX "Idea_description_trgm_idx" ON "Idea" USING gin ("description" gin_trgm_ops);

-- The similar-idea hints (api/src/services/idea/find-similar-ideas.ts): the weighted 'simple'
-- text-search document of an idea, exactly as the query writes it, and the lower-cased title
-- for the typo-tolerant word similarity (pg_trgm's <% operator).
CREATE INDEX "Idea_search_vector_idx" ON "Idea" USING gin (
  (setweight(to_tsvector('simple'::regconfig, "title"), 'A') ||
   setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'D')));
CREATE INDEX "Idea_lower_title_trgm_idx" ON "Idea" USING gin (lower("title") gin_trgm_ops);

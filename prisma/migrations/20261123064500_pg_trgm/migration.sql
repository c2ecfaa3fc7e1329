-- Trigram similarity for the similar-idea hints (api/src/services/idea/find-similar-ideas.ts).
-- pg_trgm is a trusted contrib extension on PostgreSQL 13 and later, and PGlite loads it from
-- @electric-sql/pglite/contrib/pg_trgm (api/src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

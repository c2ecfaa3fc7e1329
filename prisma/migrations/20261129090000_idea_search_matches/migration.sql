-- The ideas of a board matching a search, at most max_rows of them, found through the search
-- indexes only (migration 20261128213000_idea_search_indexes): a text of three letters or more
-- through the trigram indexes (pattern, for ILIKE on title or description), shorter words as
-- word prefixes through the text-search index (prefixes, a 'simple' tsquery such as 'ui:*').
-- A list's statement reads the board in its order and stops at the page's end, which is cheap
-- for a common text and reads the whole board for a rare one: PostgreSQL guesses how common a
-- text is from its length, and a rare text of two or four letters took 0.2-3 s on a board of
-- 60,000 ideas (outside attack 8, F5). The list first asks this function for up to max_rows
-- matches (api/src/services/idea/listed-ideas.ts): fewer means every match, read by id, more
-- means a common text, read in the list's order. Sequential and plain index scans are off
-- within the function, so the board is never read whole to find a few matches.
CREATE FUNCTION idea_search_matches(board_id INTEGER, pattern TEXT, prefixes TEXT, max_rows INTEGER)
RETURNS SETOF INTEGER LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
AS $$
BEGIN
  IF prefixes IS NULL THEN
    RETURN QUERY
      SELECT i."id" FROM "Idea" i
      WHERE i."boardId" = board_id
        AND (i."title" ILIKE pattern OR i."description" ILIKE pattern)
      LIMIT max_rows;
  ELSE
    RETURN QUERY
      SELECT i."id" FROM "Idea" i
      WHERE i."boardId" = board_id
        AND (setweight(to_tsvector('simple'::regconfig, i."title"), 'A') ||
             setweight(to_tsvector('simple'::regconfig, coalesce(i."description", '')), 'D'))
            @@ to_tsquery('simple'::regconfig, prefixes)
      LIMIT max_rows;
  END IF;
END $$;

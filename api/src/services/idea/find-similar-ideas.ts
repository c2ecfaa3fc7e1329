import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Idea, Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findVisibleBoardWithSubscription } from '../access.ts';
import { planStateOf } from '../plan/plan-state.ts';
import { toView, viewInclude } from './find-idea-views.ts';
import { listedIdeasWhere } from './listed-ideas.ts';
import type { TListedBoard } from './listed-ideas.ts';
import { PLANNED_PER_EXECUTION, sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { TIdeaRow, TIdeaView } from './find-idea-views.ts';
import type { TClient } from '../../http/rate-limit.ts';

/** How many hints a submit form shows. */
export const SIMILAR_IDEAS_LIMIT = 5;

/**
 * Below this trigram word similarity (pg_trgm's word_similarity of the typed words to the best
 * matching stretch of a title), an idea that shares no search term is not "similar".
 */
const TRIGRAM_THRESHOLD = 0.45;

export const ZSimilarText = z.object({
  text: z
    .string({ error: 'It has to be text.' })
    .max(500, { error: 'It has to be max 500 characters.' }),
});

/**
 * Words that say nothing about what an idea is (English and Polish). The 'simple' text search
 * configuration keeps every word, so without this list "the" alone would match most ideas.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do for from have i if in into is it its me my no not ' +
    'of on or our please should so that the their there this to too was we when with would you ' +
    'your add allow make want need ' +
    'a aby albo ale by być co czy dla do go i ich jak jest już lub ma mi mnie na nie o od oraz ' +
    'po przez się są ta te to tu w we z za że żeby proszę dodać chcę'
  ).split(' '),
);

/** The words of a text that carry meaning: lower case, no stop words, no single letters. */
function meaningfulWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length >= 2 && !STOP_WORDS.has(word));
}

/**
 * The words of a text as text-search prefixes. Words longer than four letters lose their last
 * letters (at most two, never below four), a crude stem that lets Polish inflections meet
 * ("ciemnego motywu" finds "Ciemny motyw") and English plurals their singulars.
 */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of meaningfulWords(text)) {
    const stem = word.length > 4 ? word.slice(0, Math.max(4, word.length - 2)) : word;
    terms.add(stem);
    if (terms.size === 12) break;
  }
  return [...terms];
}

/**
 * What the typo-tolerant part compares with every title: at most 8 meaningful words of three
 * letters or more, 80 characters in all. Two-letter words carry no trigram worth the cost (500
 * characters of them took 6 s per search on a 5,000-idea board: outside attack 3, finding 3).
 */
export function trigramWords(text: string): string {
  return meaningfulWords(text)
    .filter((word) => word.length >= 3)
    .slice(0, 8)
    .join(' ')
    .slice(0, 80);
}

/**
 * How many matching ideas of each kind (text-search terms, trigram words) are ranked: the most
 * voted ones the caller may see. A board has fewer matches than this for most texts, and then
 * every match is ranked; a word that most of the board's ideas share ("export" on a board about
 * exports) matches thousands, and ranking them all read the board whole (2.3 s at 100,000
 * ideas). Among so many, the most voted are the ones worth voting for.
 */
export const SIMILAR_CANDIDATES = 200;

/**
 * How many matches of each kind are read at most, in the index's order, before the most voted
 * SIMILAR_CANDIDATES of them are kept: each match read is checked against the idea's text (the
 * index only narrows), so a text whose words match most of a large board read it whole (8.9 s
 * for one anonymous request at 60,800 ideas on the embedded database: outside attack 7, F1).
 * Now the work of one request is bounded whatever the board's size: the first MATCHES_READ
 * matches in the index's order, and the board's MATCHES_READ most voted ideas checked against
 * the text, so that a common word's most voted matches are still among the candidates.
 */
export const MATCHES_READ = 1_000;

/**
 * The statement that answers the ids of the similar ideas, best first (findSimilarIdeas). Each
 * kind of match is found through its index (migration 20261128213000_idea_search_indexes: the
 * weighted text-search document, the lower-cased title's trigrams) and at most
 * SIMILAR_CANDIDATES of each, the most voted, are ranked; the ranking's recheck
 * (word_similarity ≥ TRIGRAM_THRESHOLD) keeps the hints exact whatever pg_trgm's
 * word_similarity_threshold, which `<%` reads (client.ts and pglite.ts set it to 0.45).
 *
 * The text-search matches are always read from their index (`"voteCount" + 0` keeps PostgreSQL
 * from reading the board in votes order instead: its guess of how many ideas a prefix query
 * matches is often far off, and a wrong guess computed the document of every idea, 1.4 s at
 * 100,000 ideas); a common word's matches are then sorted by votes, from the index alone. The
 * board's MATCHES_READ most voted ideas are also looked at by their titles alone (their words,
 * and the trigram words for typos): computing their whole documents, descriptions too, cost
 * 0.4 s a hint on the embedded database at 10,000 ideas (outside attack 9, F2).
 */
export function similarIdeasStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  text: string,
): TSqlPart {
  const words = trigramWords(text);
  const tsquery = searchTerms(text)
    .map((term) => `${term}:*`)
    .join(' | ');
  // Who may see which idea is decided in the statement, by the lists' own rule, before the
  // limits: a board's hidden matches never take the places of ideas the caller may see.
  const where = listedIdeasWhere(viewer, listed, { filter: 'ALL', sort: 'VOTES' });
  // Written exactly as the index's expression, so that PostgreSQL uses the index.
  const vector = sqlFragment(
    `(setweight(to_tsvector('simple'::regconfig, i."title"), 'A') || ` +
      `setweight(to_tsvector('simple'::regconfig, coalesce(i."description", '')), 'D'))`,
  );
  // Typos are looked for among the board's MATCHES_READ most voted ideas only: a trigram
  // index narrows to the titles sharing any trigram of the words, and misspelt words share
  // some with most of a board while passing the recheck with few, so its matches were read
  // and rechecked board-wide (5-8 s for one anonymous request at 10,000 ideas on the embedded
  // database: outside attack 8, F1). Words spelt right still find any idea by full text.
  const trigram = words
    ? sqlPart`UNION
      (SELECT top."id" FROM (
         SELECT i."id", i."voteCount", i."title" FROM "Idea" i
         WHERE ${where}
         ORDER BY i."voteCount" DESC, i."id" DESC LIMIT ${MATCHES_READ}::int) top
       WHERE ${words}::text <% lower(top."title")
       ORDER BY top."voteCount" DESC, top."id" DESC LIMIT ${SIMILAR_CANDIDATES}::int)`
    : sqlFragment('');
  return sqlPart`${PLANNED_PER_EXECUTION}
    WITH candidate AS (
      (SELECT m."id" FROM (
         SELECT i."id", i."voteCount" FROM "Idea" i
         WHERE ${where} AND ${vector} @@ to_tsquery('simple', ${tsquery}::text)
         LIMIT ${MATCHES_READ}::int) m
       ORDER BY m."voteCount" DESC, m."id" DESC LIMIT ${SIMILAR_CANDIDATES}::int)
      UNION
      (SELECT top."id" FROM (
         SELECT i."id", i."voteCount", i."title" FROM "Idea" i
         WHERE ${where}
         ORDER BY i."voteCount" DESC, i."id" DESC LIMIT ${MATCHES_READ}::int) top
       WHERE to_tsvector('simple'::regconfig, top."title") @@ to_tsquery('simple', ${tsquery}::text)
       ORDER BY top."voteCount" DESC, top."id" DESC LIMIT ${SIMILAR_CANDIDATES}::int)
      ${trigram}
    ),
    doc AS (
      SELECT i."id", i."title", i."voteCount", ${vector} AS vector
      FROM "Idea" i JOIN candidate c ON c."id" = i."id"
    )
    SELECT doc."id"
    FROM doc, (SELECT to_tsquery('simple', ${tsquery}::text) AS query) q
    WHERE doc.vector @@ q.query
      OR word_similarity(${words}::text, lower(doc."title")) >= ${TRIGRAM_THRESHOLD}::real
    ORDER BY ts_rank(doc.vector, q.query) + word_similarity(${words}::text, lower(doc."title")) DESC,
      doc."voteCount" DESC, doc."id" DESC
    LIMIT ${SIMILAR_IDEAS_LIMIT}::int`;
}

/**
 * Up to five existing ideas of a board that read like `text`, best first, among those the caller
 * may see in the board's lists (same visibility and plan cap; declined ideas take no votes and
 * are left out). Shown while someone types a new idea, so that they vote instead of
 * duplicating.
 *
 * Matching is PostgreSQL full-text search with the 'simple' configuration (no language's
 * stemmer or stop words: boards mix English and Polish, and PostgreSQL ships no Polish
 * dictionary) over prefix terms from {@link searchTerms}, ranked with the title weighted above
 * the description; pg_trgm's word similarity of the typed words to the title adds to the rank
 * and catches typos and inflections that share no prefix ("Slakc integraiton").
 */
export async function findSimilarIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  client: TClient,
  boardId: number,
  input: unknown,
  query: { include?: Prisma.IdeaInclude; select?: Prisma.IdeaSelect } = {},
): Promise<Idea[]> {
  const { text } = parseInput(ZSimilarText, input);
  await spendSimilarSearch(deps, viewer, client);
  const { board, subscription } = await findVisibleBoardWithSubscription(deps, viewer, boardId);
  if (searchTerms(text).length === 0) return [];
  // The plan's cutoffs only once there is something to look for (this runs as people type).
  const listed = { board, plan: await planStateOf(deps.prisma, board.companyId, subscription) };
  const matches = await deps.sql<{ id: number }>`${similarIdeasStatement(viewer, listed, text)}`;
  if (matches.length === 0) return [];
  const order = matches.map((row) => Number(row.id));
  const ideas = await deps.prisma.idea.findMany({
    ...query,
    where: { id: { in: order }, boardId: listed.board.id },
  });
  const rank = new Map(order.map((id, index) => [id, index]));
  return ideas.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}

/** The similar ideas as the caller sees them (author, own vote, what they may do): for REST. */
/**
 * Counts one similar-ideas search (RATE_LIMIT_SIMILAR_IDEAS_*): it runs as people type and reads
 * the board's matching ideas, so one client's stream of them is bounded, anonymous ones per
 * address, signed-in ones per account. Throws RateLimitError (429) past the limit.
 */
async function spendSimilarSearch(
  deps: TDeps,
  viewer: TViewer | null,
  client: TClient,
): Promise<void> {
  await deps.rateLimiter.consume(
    'similarIdeas',
    viewer ? { account: `user:${viewer.userId}` } : { ip: client.ip },
  );
}

export async function findSimilarIdeaViews(
  deps: TDeps,
  viewer: TViewer | null,
  client: TClient,
  boardId: number,
  input: unknown,
): Promise<TIdeaView[]> {
  const rows = (await findSimilarIdeas(deps, viewer, client, boardId, input, {
    include: viewInclude(viewer),
  })) as TIdeaRow[];
  return rows.map((row) => toView(viewer, row));
}

import type { TDeps } from '../../deps.ts';
import { sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { DeclineReason, IdeaStatus } from '../../generated/prisma/enums.ts';
import { keptIdeaJoinSql } from '../access.ts';
import { ideaValueColumn } from '../customer/idea-value.ts';
import { seesPrivateTags } from '../tag/find-tags.ts';
import type { TIdeaTagView } from '../tag/tag-input.ts';
import type { TViewer } from '../../viewer.ts';
import type { TListedBoard } from './listed-ideas.ts';

/**
 * What a list shows of an idea apart from its counts and what depends on the caller: its own
 * text and status with its author's name, the kept idea of a duplicate, its custom status and
 * tags. Reading these takes a join or a subquery per idea, most of a page's cost; they change
 * far less often than the counts. A company's cards are kept in memory under its content
 * version (ContentVersion, bumped by triggers in every transaction that changes any of them,
 * migration content_version), and a page reads only its ideas' ids, counts, the caller's votes
 * and the version, in one statement, so cards and counts always come from one committed state.
 */
export type TIdeaCard = {
  id: number;
  boardId: number;
  authorId: number | null;
  title: string;
  description: string | null;
  status: IdeaStatus;
  declineReason: DeclineReason | null;
  declineComment: string | null;
  duplicateOfId: number | null;
  declinedAt: Date | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  customStatusId: number | null;
  importSource: string | null;
  importExternalId: string | null;
  importJobId: number | null;
  isSample: boolean;
  author: { displayName: string; avatarUrl: string | null } | null;
  duplicateOf: { id: number; title: string } | null;
  customStatus: { id: number; name: string; color: string } | null;
  tags: TIdeaTagView[];
  /** Pieces of the card's `/api/v1` JSON, written on first use (rest/idea-page-json.ts). */
  json?: { head: string; createdAt: string; tail: string };
};

/** The part of a page row read afresh every time. */
export type TFreshRow = {
  id: number;
  voteCount: number;
  commentCount: number;
  isVotedByMe: boolean;
  value?: number;
};

/** A page row: the fresh part and the card. */
export type TCardRow = { fresh: TFreshRow; card: TIdeaCard };

/** One company's cards under one content version, for one tag visibility. */
type TCardSet = { key: string; version: string; cards: Map<number, TIdeaCard> };

/**
 * Cards kept per database, over all sets (about 1 KB each): past it, the least recently used
 * sets go first. A board's busy first pages stay; a page nobody reads again ages out.
 */
const MAX_CARDS = 50_000;

export class IdeaCardCache {
  constructor(private readonly maxCards = MAX_CARDS) {}

  /** In use order: the least recently used set first. */
  private readonly sets = new Map<string, TCardSet>();
  private cardCount = 0;

  /** The set of `key` under `version`; null when the cache holds a newer one. */
  setFor(key: string, version: string): TCardSet | null {
    const set = this.sets.get(key);
    if (set) {
      this.sets.delete(key);
      if (set.version === version) {
        this.sets.set(key, set);
        return set;
      }
      if (BigInt(set.version) > BigInt(version)) {
        // This statement's snapshot is older than one another request read: keep the newer.
        this.sets.set(key, set);
        return null;
      }
      this.cardCount -= set.cards.size;
    }
    const fresh: TCardSet = { key, version, cards: new Map() };
    this.sets.set(key, fresh);
    return fresh;
  }

  /**
   * Keeps `cards` in `set`. A set another version replaced meanwhile still takes them (the page
   * being read uses them) but no longer counts: it is gone once that page is answered.
   */
  store(set: TCardSet, cards: TIdeaCard[]): void {
    const isLive = this.sets.get(set.key) === set;
    if (isLive && set.cards.size + cards.length > this.maxCards) {
      this.cardCount -= set.cards.size;
      set.cards.clear();
    }
    for (const card of cards) {
      if (isLive && !set.cards.has(card.id)) this.cardCount += 1;
      set.cards.set(card.id, card);
    }
    for (const [key, oldest] of this.sets) {
      if (this.cardCount <= this.maxCards || oldest === set) break;
      this.sets.delete(key);
      this.cardCount -= oldest.cards.size;
    }
  }

  /** How many cards are kept, over all sets (tests). */
  get size(): number {
    return this.cardCount;
  }
}

/** Each database's cache (deps.sql stands for the database: tests run several in one process). */
const caches = new WeakMap<object, IdeaCardCache>();

/** The cache of `deps`'s database (tests reach it to stand for another request's newer read). */
export function cacheOf(deps: TDeps): IdeaCardCache {
  let cache = caches.get(deps.sql);
  if (!cache) {
    cache = new IdeaCardCache();
    caches.set(deps.sql, cache);
  }
  return cache;
}

/** The company's content version as text, read inside a statement ('0' before any change). */
export function contentVersionColumn(companyId: number): TSqlPart {
  return sqlPart`coalesce((SELECT cv."version" FROM "ContentVersion" cv WHERE cv."companyId" = ${companyId}::int), 0)::text AS "contentVersion"`;
}

/**
 * The fresh columns of a page statement (its FROM is `"Idea" i`): the counts, the caller's
 * vote, the team's value, and the company's content version.
 */
export function freshColumns(viewer: TViewer | null, companyId: number): TSqlPart {
  return sqlPart`i."id", i."voteCount", i."commentCount",
             EXISTS (SELECT 1 FROM "Vote" v
                     WHERE v."ideaId" = i."id" AND v."userId" = ${viewer?.userId ?? 0}::int)
               AS "isVotedByMe"${ideaValueColumn(viewer, companyId)},
             ${contentVersionColumn(companyId)}`;
}

/** A card's columns as a statement reads them (cardColumns), before toCard shapes them. */
export type TCardColumns = Omit<
  TIdeaCard,
  'id' | 'author' | 'duplicateOf' | 'customStatus' | 'json'
> & {
  authorName: string | null;
  authorAvatarUrl: string | null;
  duplicateTitle: string | null;
  customStatusName: string | null;
  customStatusColor: string | null;
};

/**
 * The tags an idea of the list carries, as a JSON array of {id, name, color} in name order:
 * public tags, and private ones only for the team of the board's company (tagVisibleWhere).
 */
function ideaTagsColumn(viewer: TViewer | null, companyId: number): TSqlPart {
  const visible = seesPrivateTags(viewer, companyId) ? '' : ' AND NOT t."isPrivate"';
  return sqlFragment(`COALESCE((
               SELECT json_agg(json_build_object('id', t."id", 'name', t."name", 'color', t."color")
                               ORDER BY t."nameKey", t."id")
               FROM "IdeaTag" it JOIN "Tag" t ON t."id" = it."tagId"
               WHERE it."ideaId" = i."id"${visible}), '[]'::json) AS "tags"`);
}

/** A card's columns but its id (TCardColumns), from `"Idea" i` and cardJoins. */
export function cardColumns(viewer: TViewer | null, companyId: number): TSqlPart {
  return sqlPart`i."boardId", i."authorId", i."title", i."description",
             i."status"::text AS "status", i."declineReason"::text AS "declineReason",
             i."declineComment", i."duplicateOfId", i."declinedAt", i."rejectedAt",
             i."rejectionReason", i."createdAt",
             i."updatedAt", i."customStatusId", i."importSource", i."importExternalId", i."importJobId",
             i."isSample", a."displayName" AS "authorName", a."avatarUrl" AS "authorAvatarUrl",
             d."title" AS "duplicateTitle",
             CASE WHEN b."language" = 'pl-PL' THEN s."namePl" ELSE s."nameEn" END
               AS "customStatusName",
             s."color" AS "customStatusColor",
             ${ideaTagsColumn(viewer, companyId)}`;
}

/**
 * What cardColumns reads beside the idea: its author, kept idea (only one the caller's class may
 * be told of: namesKeptIdea, so a card stays one per class), custom status and its board.
 */
export function cardJoins(viewer: TViewer | null, companyId: number): TSqlPart {
  return sqlPart`
      LEFT JOIN "User" a ON a."id" = i."authorId"
      LEFT JOIN "Idea" d ON d."id" = i."duplicateOfId"${keptIdeaJoinSql(viewer, companyId)}
      LEFT JOIN "BoardStatus" s ON s."id" = i."customStatusId"
      LEFT JOIN "Board" b ON b."id" = s."boardId"`;
}

/** The cards of these ideas, with the content version they were read under. */
function cardStatement(viewer: TViewer | null, companyId: number, ids: number[]): TSqlPart {
  return sqlPart`
      SELECT i."id", ${cardColumns(viewer, companyId)},
             ${contentVersionColumn(companyId)}
      FROM "Idea" i
      JOIN "Board" ib ON ib."id" = i."boardId" AND ib."companyId" = ${companyId}::int${cardJoins(viewer, companyId)}
      WHERE i."id" = ANY(${ids}::int[])`;
}

/** A card from its columns (each field written out: an object rest goes through V8's slow path). */
export function toCard(row: TCardColumns & { id: number }): TIdeaCard {
  return {
    id: row.id,
    boardId: row.boardId,
    authorId: row.authorId,
    title: row.title,
    description: row.description,
    status: row.status,
    declineReason: row.declineReason,
    declineComment: row.declineComment,
    duplicateOfId: row.duplicateOfId,
    declinedAt: row.declinedAt,
    rejectedAt: row.rejectedAt,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    customStatusId: row.customStatusId,
    importSource: row.importSource,
    importExternalId: row.importExternalId,
    importJobId: row.importJobId,
    isSample: row.isSample,
    author:
      row.authorName === null
        ? null
        : { displayName: row.authorName, avatarUrl: row.authorAvatarUrl },
    duplicateOf:
      row.duplicateOfId !== null && row.duplicateTitle !== null
        ? { id: row.duplicateOfId, title: row.duplicateTitle }
        : null,
    customStatus:
      row.customStatusId === null
        ? null
        : {
            id: row.customStatusId,
            name: row.customStatusName ?? '',
            color: row.customStatusColor ?? '',
          },
    tags: row.tags,
  };
}

/**
 * The cards of a page's rows, read under the version the rows were read under: from memory,
 * and the missing ones in one statement. Null when the content changed between the two
 * statements (or a newer version is already cached): the caller then reads the page whole.
 */
export async function cardsOf(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  rows: TFreshRow[],
  version: string,
): Promise<TCardRow[] | null> {
  const { companyId } = listed.board;
  const key = `${companyId}:${seesPrivateTags(viewer, companyId) ? 'team' : 'public'}`;
  const cache = cacheOf(deps);
  const set = cache.setFor(key, version);
  if (!set) return null;
  const missing = rows.filter((row) => !set.cards.has(row.id)).map((row) => row.id);
  if (missing.length > 0) {
    const read = await deps.sql<
      TCardColumns & { id: number; contentVersion: string }
    >`${cardStatement(viewer, companyId, missing)}`;
    if (read.length !== missing.length || read.some((row) => row.contentVersion !== version)) {
      return null;
    }
    cache.store(set, read.map(toCard));
  }
  const result: TCardRow[] = [];
  for (const fresh of rows) {
    const card = set.cards.get(fresh.id);
    if (!card) return null; // the set was cleared while the cards were read
    result.push({ fresh, card });
  }
  return result;
}

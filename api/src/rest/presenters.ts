import { z } from 'zod';
import type { Payment, ReleasePart, User } from '../generated/prisma/client.ts';
import {
  DeclineReason,
  IdeaStatus,
  PaymentStatus,
  Product,
  UserKind,
} from '../generated/prisma/enums.ts';
import { boardTheme } from '../services/board/board-input.ts';
import type { TBoardWithState } from '../services/board/find-boards.ts';
import type { TBoardWithAccess } from '../services/board/update-board-access.ts';
import type { TCommentWithAuthor } from '../services/comment/add-comment.ts';
import type { TPricingEntry } from '../services/company/get-pricing.ts';
import type { TSubscriptionView } from '../services/company/get-subscription.ts';
import { declineDetailsOf } from '../services/idea/find-idea-views.ts';
import type { TIdeaView } from '../services/idea/find-idea-views.ts';
import type { TReleaseWithParts } from '../services/release/find-releases.ts';
import { RELEASE_LABELS, formatReleaseDate } from '../services/release/release-input.ts';
import { renderReleaseBody } from '../services/release/release-html.ts';
import { plainCommentText } from '../services/comment/mention-markup.ts';

/**
 * The JSON the spec (section 3) names for each entity, as zod schemas (they are the OpenAPI
 * document's response schemas) and the presenters that turn domain rows into them.
 */

const ZDateTime = z.iso.datetime().meta({ description: 'ISO 8601 date and time (UTC).' });
const iso = (date: Date): string => date.toISOString();

export const ZTheme = z
  .object({
    primary: z.string().meta({ example: '2f6fde' }),
    primaryText: z.string().meta({ example: 'ffffff' }),
    text: z.string().meta({ example: '000000' }),
    background: z.string().meta({ example: 'ffffff' }),
  })
  .meta({ id: 'Theme', description: 'Hex colours without #.' });

export const ZBoardJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    boardSlug: z.string(),
    color: z.string().meta({ description: 'Primary colour, hex without # (default 53d23d).' }),
    language: z.string(),
    isPublic: z.boolean(),
    active: z.boolean().meta({
      description: "False when the company's plan allows fewer active boards: view-only.",
    }),
    theme: ZTheme,
  })
  .meta({ id: 'Board' });

export function presentBoard(board: TBoardWithState): z.input<typeof ZBoardJson> {
  return {
    id: board.id,
    name: board.name,
    description: board.description,
    boardSlug: board.slug,
    color: board.color,
    language: board.language,
    isPublic: board.isPublic,
    active: board.active,
    theme: boardTheme(board),
  };
}

const ZBoardAccessJson = z.object({
  ssoAccess: z.boolean(),
  allowedEmailDomains: z.array(z.string()),
  allowedCustomerCompanyIds: z.array(z.number().int()),
});

/** Who may see a private board (admins read it where they set it: PUT /boards/{id}/access). */
export const ZBoardWithAccessJson = ZBoardJson.extend({
  access: ZBoardAccessJson,
}).meta({ id: 'BoardWithAccess' });

/** GET /boards/{id}: the board, and who may see it for its company's team. */
export const ZBoardDetailJson = ZBoardJson.extend({
  access: ZBoardAccessJson.optional().meta({
    description:
      "Who may see the board when private (as PUT /boards/{id}/access sets it): for the board's company's admins only, absent for everyone else.",
  }),
}).meta({ id: 'BoardDetail' });

export function presentBoardAccess(
  board: TBoardWithAccess,
): z.input<typeof ZBoardWithAccessJson>['access'] {
  return {
    ssoAccess: board.ssoAccess,
    allowedEmailDomains: board.allowedEmailDomains ?? [],
    allowedCustomerCompanyIds: board.customerAccess.map((c) => c.customerCompanyId),
  };
}

const ZAuthor = z
  .object({ displayName: z.string() })
  .nullable()
  .meta({ id: 'Author', description: 'Null when the author’s account was deleted.' });
const ZCommentAuthor = z
  .object({
    displayName: z.string(),
    avatarUrl: z
      .string()
      .nullable()
      .meta({ description: 'The author’s picture (an http(s) address), if any.' }),
    isTeam: z.boolean().meta({
      description:
        'The author is on the company’s team (OWNER, ADMIN, MEMBER): the widget marks their comments.',
    }),
  })
  .nullable()
  .meta({ id: 'CommentAuthor', description: 'Null when the author’s account was deleted.' });

export const ZDeclineDetails = z
  .object({
    reason: z.enum(DeclineReason),
    comment: z.string().nullable(),
    declinedDuplicateIdeaId: z.number().int().nullable(),
    declinedDuplicateIdeaFound: z.boolean(),
    declinedDuplicateIdeaTitle: z.string().nullable(),
    declinedAt: ZDateTime,
  })
  .nullable()
  .meta({ id: 'DeclineDetails', description: 'Why the idea was declined; null unless DECLINED.' });

export const ZIdeaJson = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(IdeaStatus),
    author: ZAuthor,
    voteCount: z.number().int(),
    isVotedByMe: z.boolean(),
    commentCount: z.number().int(),
    createdAt: ZDateTime,
    canEdit: z.boolean().meta({ description: 'May edit, delete and see voters.' }),
    canUpdateStatus: z.boolean().meta({ description: 'May change the status and decline.' }),
    declineDetails: ZDeclineDetails,
    customStatus: z
      .object({
        id: z.number().int(),
        name: z.string().meta({ description: 'In the board’s language.' }),
        color: z.string().meta({ description: '6 hex digits, without #.' }),
      })
      .nullable()
      .meta({
        id: 'CustomStatus',
        description:
          'The board’s own status the idea shows, of the kind `status` says; null: the status’s own name.',
      }),
    tags: z
      .array(
        z
          .object({
            id: z.number().int(),
            name: z.string(),
            color: z.string().meta({ description: '6 hex digits, without #.' }),
          })
          .meta({ id: 'IdeaTag' }),
      )
      .meta({
        description:
          'The company’s tags the idea carries, by name; private tags only for the company’s team (OWNER, ADMIN, MEMBER).',
      }),
  })
  .meta({ id: 'Idea' });

export function presentDeclineDetails(
  idea: Parameters<typeof declineDetailsOf>[0],
): z.input<typeof ZDeclineDetails> {
  const details = declineDetailsOf(idea);
  if (!details) return null;
  return {
    reason: details.reason,
    comment: details.comment,
    declinedDuplicateIdeaId: details.duplicateOf?.id ?? null,
    declinedDuplicateIdeaFound: details.duplicateOf !== null,
    declinedDuplicateIdeaTitle: details.duplicateOf?.title ?? null,
    declinedAt: iso(details.declinedAt),
  };
}

export function presentIdea(idea: TIdeaView): z.input<typeof ZIdeaJson> {
  return {
    id: idea.id,
    title: idea.title,
    description: idea.description,
    status: idea.status,
    author: idea.author ? { displayName: idea.author.displayName } : null,
    voteCount: idea.voteCount,
    isVotedByMe: idea.isVotedByMe,
    commentCount: idea.commentCount,
    createdAt: iso(idea.createdAt),
    canEdit: idea.canEdit,
    canUpdateStatus: idea.canUpdateStatus,
    declineDetails: presentDeclineDetails(idea),
    customStatus: idea.customStatus,
    tags: idea.tags,
  };
}

export const ZCommentJson = z
  .object({
    commentDto: z.object({
      id: z.number().int(),
      createdAt: ZDateTime,
      shortMessage: z.string().meta({ description: 'The comment text.' }),
    }),
    author: ZCommentAuthor,
    parentId: z.number().int().nullable().meta({
      description: 'The comment this one replies to (one level); null for a thread start.',
    }),
    isInternal: z.boolean().meta({
      description:
        'An internal note, only ever answered to the company’s team (OWNER, ADMIN, MEMBER); always false for anyone else.',
    }),
  })
  .meta({ id: 'Comment' });

export function presentComment(comment: TCommentWithAuthor): z.input<typeof ZCommentJson> {
  return {
    commentDto: {
      id: comment.id,
      createdAt: iso(comment.createdAt),
      shortMessage: plainCommentText(comment.text),
    },
    author: comment.author
      ? {
          displayName: comment.author.displayName,
          avatarUrl: comment.author.avatarUrl,
          isTeam: comment.author.role !== 'END_USER',
        }
      : null,
    parentId: comment.parentId,
    isInternal: comment.isInternal,
  };
}

export const ZVoterJson = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'Voter' });

export const ZReleaseJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    releaseDate: z.string().meta({ description: 'YYYY-MM-DD' }),
    isPublished: z.boolean(),
    parts: z.array(
      z.object({ id: z.number().int(), title: z.string() }).meta({ id: 'ReleasePart' }),
    ),
    companyId: z.number().int(),
    body: z.string().meta({ description: 'The release notes in Markdown' }),
    bodyHtml: z
      .string()
      .meta({ description: 'The body rendered to sanitised HTML (no script, safe links only)' }),
    coverImageUrl: z.string().nullable(),
    labels: z.array(z.enum(RELEASE_LABELS)),
  })
  .meta({ id: 'Release' });

export async function presentRelease(
  release: TReleaseWithParts,
): Promise<z.input<typeof ZReleaseJson>> {
  // Stored with the body (release-html.ts); only a row the start's fill has not reached yet
  // renders here.
  const bodyHtml = release.bodyHtml ?? (await renderReleaseBody(release.body));
  return {
    id: release.id,
    name: release.name,
    releaseDate: formatReleaseDate(release.releaseDate),
    isPublished: release.isPublished,
    parts: release.parts.map((part: ReleasePart) => ({ id: part.id, title: part.title })),
    companyId: release.companyId,
    body: release.body,
    bodyHtml,
    coverImageUrl: release.coverImageUrl,
    labels: release.labels,
  };
}

export const ZCompanyUserJson = z
  .object({
    id: z.number().int(),
    displayName: z.string(),
    email: z.string().nullable(),
    photoUrl: z.string().nullable(),
    kind: z.enum(UserKind),
  })
  .meta({ id: 'CompanyUser' });

export function presentCompanyUser(user: User): z.input<typeof ZCompanyUserJson> {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    photoUrl: user.avatarUrl,
    kind: user.kind,
  };
}

const ZUsage = z.object({
  used: z.number().int(),
  cap: z.number().int().nullable().meta({ description: 'Null means unlimited.' }),
});

export const ZSubscriptionJson = z
  .object({
    product: z.enum(Product),
    expiresAt: ZDateTime.nullable(),
    usage: z.object({ activeBoards: ZUsage, ideas: ZUsage }),
  })
  .meta({ id: 'Subscription' });

export function presentSubscription(view: TSubscriptionView): z.input<typeof ZSubscriptionJson> {
  return {
    product: view.product,
    expiresAt: view.expiresAt ? iso(view.expiresAt) : null,
    usage: view.usage,
  };
}

const ZMoney = z
  .object({
    amountMinor: z.number().int().meta({ description: 'US cents.' }),
    amount: z.number().meta({ description: 'US dollars.' }),
  })
  .meta({ id: 'Money' });

export const ZPaymentJson = z
  .object({
    id: z.number().int().meta({ description: 'The payment number.' }),
    product: z.enum(Product).meta({ description: 'The plan bought.' }),
    months: z.number().int().meta({ description: '1 or 12.' }),
    amount: ZMoney.meta({ description: 'What was charged.' }),
    currency: z.string().meta({ description: 'ISO currency code, lower case.' }),
    status: z.enum(PaymentStatus).meta({
      description: 'PENDING: checkout started, not paid (yet); PAID: the plan was granted; FAILED.',
    }),
    createdAt: ZDateTime.meta({ description: 'When checkout started.' }),
    paidAt: ZDateTime.nullable().meta({ description: 'When the payment was confirmed.' }),
  })
  .meta({ id: 'Payment' });

export function presentPayment(payment: Payment): z.input<typeof ZPaymentJson> {
  return {
    id: payment.id,
    product: payment.product,
    months: payment.months,
    amount: { amountMinor: payment.amountMinor, amount: payment.amountMinor / 100 },
    currency: payment.currency,
    status: payment.status,
    createdAt: iso(payment.createdAt),
    paidAt: payment.paidAt ? iso(payment.paidAt) : null,
  };
}

export const ZPricingEntryJson = z
  .object({
    product: z.enum(Product),
    options: z.array(
      z.object({
        months: z.number().int(),
        price: ZMoney,
        discountedPrice: ZMoney.optional(),
      }),
    ),
  })
  .meta({ id: 'PricingEntry' });

export function presentPricing(entries: TPricingEntry[]): z.input<typeof ZPricingEntryJson>[] {
  return entries.map(({ product, options }) => ({
    product,
    options: options.map(({ months, price, discountedPrice }) => ({
      months,
      price,
      ...(discountedPrice ? { discountedPrice } : {}),
    })),
  }));
}

import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { listPayments } from '../services/billing/list-payments.ts';
import { ZCreateBoardWithAccess, createBoard } from '../services/board/create-board.ts';
import { findCompanyBoards } from '../services/board/find-company-boards.ts';
import { requireOwnCompanyAdmin } from '../services/company/company-access.ts';
import { getCompanyPricing } from '../services/company/get-company-pricing.ts';
import { getSubscription } from '../services/company/get-subscription.ts';
import {
  MAX_COMPANY_USER_PAGE,
  ZCompanyUserListParams,
  listCompanyUserPage,
} from '../services/company/list-company-users.ts';
import { ZUpgrade, upgradeSubscription } from '../services/company/upgrade-subscription.ts';
import { createRelease } from '../services/release/change-release.ts';
import { ZReleaseListParams, findReleasePage } from '../services/release/find-releases.ts';
import { RELEASE_PAGING, setNextCursor } from './paging.ts';
import { ZCreateRelease } from '../services/release/release-input.ts';
import { readJson } from './http.ts';
import {
  ZBoardJson,
  ZCompanyUserJson,
  ZPaymentJson,
  ZPricingEntryJson,
  ZReleaseJson,
  ZSubscriptionJson,
  presentBoard,
  presentCompanyUser,
  presentPayment,
  presentPricing,
  presentRelease,
  presentSubscription,
} from './presenters.ts';
import { idParams, jsonRoute, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Companies';
const params = idParams('id');
const companyIdNote = 'A `companyId` in the body is ignored: the path names the company.';

/** A company's own lists and purchases: `{id}` must be the caller's company, else 404. */
export function companyRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'get',
      path: '/companies/{id}/pricing',
      operationId: 'getPricing',
      tag,
      summary: 'The plans on sale, each with a monthly and a yearly option (admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: z.array(ZPricingEntryJson),
      handle: async (c) => presentPricing(getCompanyPricing(deps, c.get('viewer'), pathId(c))),
    }),
    jsonRoute({
      method: 'get',
      path: '/companies/{id}/boards',
      operationId: 'listBoards',
      tag,
      summary: 'The company’s boards: active first, then oldest first',
      auth: 'signedIn',
      request: { params },
      response: z.array(ZBoardJson),
      handle: async (c) =>
        (await findCompanyBoards(deps, c.get('viewer'), pathId(c))).map(presentBoard),
    }),
    jsonRoute({
      method: 'post',
      path: '/companies/{id}/boards',
      operationId: 'createBoard',
      tag,
      summary: 'Creates a board (admins; name 6 to 50 characters); answers its id',
      description: `Past the plan's board cap the new board is view-only (active: false). Who may see it can be set at once with the rules of PUT /boards/{id}/access (isPublic, ssoAccess, allowedEmailDomains, allowedCustomerCompanyIds; a new board is private with no grants when they are left out). ${companyIdNote}`,
      auth: 'signedIn',
      request: { params, body: ZCreateBoardWithAccess },
      errors: [403],
      status: 201,
      response: z.object({ id: z.number().int() }),
      handle: async (c) => {
        const viewer = c.get('viewer');
        requireOwnCompanyAdmin(viewer, pathId(c));
        const board = await createBoard(deps, viewer, await readJson(c));
        return { id: board.id };
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/companies/{id}/releases',
      operationId: 'listCompanyReleases',
      tag,
      summary: 'The company’s releases, newest first (admins see unpublished ones too)',
      description: RELEASE_PAGING,
      pages: true,
      auth: 'signedIn',
      request: { params, query: ZReleaseListParams },
      response: z.array(ZReleaseJson),
      handle: async (c) => {
        const page = await findReleasePage(
          deps,
          c.get('viewer'),
          { companyId: pathId(c) },
          c.req.query(),
        );
        setNextCursor(c, page.nextCursor);
        return Promise.all(page.releases.map(presentRelease));
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/companies/{id}/releases',
      operationId: 'createRelease',
      tag,
      summary: 'Creates an unpublished release shown on the given boards (admins)',
      description: companyIdNote,
      auth: 'signedIn',
      request: { params, body: ZCreateRelease },
      errors: [403],
      status: 201,
      response: ZReleaseJson,
      handle: async (c) => {
        const viewer = c.get('viewer');
        requireOwnCompanyAdmin(viewer, pathId(c));
        return presentRelease(await createRelease(deps, viewer, await readJson(c)));
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/companies/{id}/users',
      operationId: 'listCompanyUsers',
      tag,
      summary: 'The company’s users, regular and SSO, by display name (admins)',
      description: `Paged: at most \`limit\` users (1 to ${MAX_COMPANY_USER_PAGE}; ${MAX_COMPANY_USER_PAGE} without \`limit\`, so the whole list, as the spec answers it, for a company within one page). When more follow, the answer carries \`X-Next-Cursor\` (and a \`Link\` of rel "next"), whose value as \`cursor\` asks for the next page.`,
      auth: 'signedIn',
      request: { params, query: ZCompanyUserListParams },
      pages: true,
      errors: [403],
      response: z.array(ZCompanyUserJson),
      handle: async (c) => {
        const page = await listCompanyUserPage(deps, c.get('viewer'), pathId(c), c.req.query());
        setNextCursor(c, page.nextCursor);
        return page.users.map(presentCompanyUser);
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/companies/{id}/subscription',
      operationId: 'getSubscription',
      tag,
      summary: 'The plan in force and its usage against the caps (admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: ZSubscriptionJson,
      handle: async (c) =>
        presentSubscription(await getSubscription(deps, c.get('viewer'), pathId(c))),
    }),
    jsonRoute({
      method: 'get',
      path: '/companies/{id}/payments',
      operationId: 'listPayments',
      tag,
      summary: 'The company’s plan purchases, newest first, the latest 50 (admins)',
      description:
        'Every checkout started through `subscription/upgrade/`: PENDING until Stripe’s signed webhook confirms it (then PAID, with `paidAt`), FAILED when the checkout expired or Stripe refused it.',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: z.array(ZPaymentJson),
      handle: async (c) =>
        (await listPayments(deps, c.get('viewer'), pathId(c))).map(presentPayment),
    }),
    jsonRoute({
      method: 'post',
      path: '/companies/{id}/subscription/upgrade',
      legacyPath: '/companies/{id}/subscription/upgrade/',
      operationId: 'upgradeSubscription',
      tag,
      summary: 'Starts buying a plan; answers the payment provider’s checkout link (admins)',
      description:
        '`amount` is the price shown, in dollars: pricing’s `price.amount` for 1 month, `discountedPrice.amount` for 12; any other amount is a 400, and so is a plan below the one in force. Answers the Stripe Checkout Session’s url and records a PENDING payment; the plan changes only when Stripe’s signed webhook confirms the payment. Without a payment provider configured the answer is 503 PAYMENTS_NOT_CONFIGURED; 503 UNAVAILABLE when Stripe cannot be reached.',
      auth: 'signedIn',
      request: { params, body: ZUpgrade },
      errors: [403, 503],
      response: z.object({ link: z.url() }),
      handle: async (c) => upgradeSubscription(deps, c.get('viewer'), pathId(c), await readJson(c)),
    }),
  ];
}

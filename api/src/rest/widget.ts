import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import type { TIdeaChange } from '../events.ts';
import { IdeaStatus } from '../generated/prisma/enums.ts';
import { ZCredentials, logInThroughBoard } from '../services/account/log-in.ts';
import { ZEndUserRegistration, registerEndUser } from '../services/account/register-end-user.ts';
import {
  RESET_LINK_ANSWER,
  ZSendLink,
  sendResetLink,
} from '../services/account/password-recovery.ts';
import { getWidgetBoard } from '../services/board/get-widget-board.ts';
import { ZIdeaPageParams } from '../services/idea/find-idea-views.ts';
import { watchIdeaChanges } from '../services/idea/watch-idea-changes.ts';
import { ZSsoExchange, exchangeSsoToken } from '../services/sso/exchange-sso-token.ts';
import { outgoingOf } from '../http/request-context.ts';
import { streamOwner } from '../http/stream-slots.ts';
import { eventStreamResponse, sseFrame } from './event-stream.ts';
import { clientOfRequest, readJson } from './http.ts';
import { ZIdeaPageJson } from './ideas.ts';
import {
  ZBoardJson,
  ZCompanyUserJson,
  presentBoard,
  presentCompanyUser,
  presentIdea,
} from './presenters.ts';
import { idParams, jsonRoute, pathId, streamRoute } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Widget';

const ZHashParams = z.object({
  hash: z.string().min(1).max(100).meta({
    description: 'The board hash (data-board-hash). Unknown, or private to another company: 404.',
  }),
});

const ZSessionJson = z
  .object({
    token: z.string().meta({ description: 'A session token: send it as `Authorization: Bearer`.' }),
    user: ZCompanyUserJson,
  })
  .meta({ id: 'WidgetSession' });

const ZWidgetBoardJson = z
  .object({
    board: ZBoardJson,
    company: z.object({
      name: z.string(),
      slug: z.string(),
      termsUrl: z.string().nullable().meta({
        description:
          'The company’s own terms of use (https), which its sign-up links to; null: none set.',
      }),
    }),
    me: ZCompanyUserJson.nullable().meta({ description: 'The signed-in caller, or null.' }),
    canParticipate: z.boolean().meta({
      description:
        'May vote, submit and comment: a user of the board’s company on an active board, not blocked by its admins.',
    }),
    isBlocked: z.boolean().meta({
      description:
        'The caller is an end user the board’s company blocked: they read the board but cannot vote, comment or submit (those answer 403 USER_BLOCKED).',
    }),
    mustConfirmEmail: z.boolean().meta({
      description:
        'The caller signed up with an address the company wants confirmed first (sign-up policy EMAIL_DOMAINS): they read the board, and vote, comment and submit once they open the mailed link (POST /profile/email-confirmation sends a new one).',
    }),
    signupPolicy: z.enum(['ANYONE', 'EMAIL_DOMAINS', 'SSO_ONLY']).meta({
      description:
        'Who may sign up through the widget: anyone, addresses of the company’s listed domains, or nobody by email (SSO_ONLY: visitors are signed in by the company’s SSO token only).',
    }),
    ideas: ZIdeaPageJson,
    myHiddenIdeas: z.array(z.object({ id: z.number().int(), title: z.string() })).meta({
      description:
        "The caller's own ideas on this board that the plan's cap hides from the list (oldest first, at most 20): received, not shown to readers until the company's plan shows them.",
    }),
    myPendingIdeas: z
      .array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          rejectionReason: z.string().nullable().meta({
            description:
              'Null while it awaits acceptance; the team’s reason once they rejected it (it then stays unpublished).',
          }),
        }),
      )
      .meta({
        description:
          "The caller's own ideas on this board awaiting the team's acceptance or rejected by it (status NOT_PUBLIC; newest first, at most 20): visible to their author and the team only. Empty when signed out.",
      }),
    tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })).meta({
      description:
        "The company's public tags by name, to filter the list by (`tag`); private tags never appear here.",
    }),
  })
  .meta({ id: 'WidgetBoard' });

const ZIdeaEventJson = z
  .object({
    kind: z.enum(['CREATED', 'UPDATED', 'DELETED', 'VOTED', 'COMMENTED']),
    ideaId: z.number().int(),
    status: z.enum(IdeaStatus),
    voteCount: z.number().int(),
    commentCount: z.number().int(),
  })
  .meta({ id: 'IdeaEvent', description: 'The data of one `idea` event.' });

/** The first frame: subscribed; a client that loses the stream reconnects after 3 s. */
const READY = sseFrame('ready', '{}', 3000);
/** The credential that opened the stream ended; the stream closes after it. */
const REVOKED = sseFrame('revoked', '{}');
/** When the server stops, clients come back after 1 to 5 s (`retry` of the `reconnect` frame). */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_SPREAD_MS = 4_000;

/** Every stream of a board gets the same change object: its frame is made once. */
const ideaFrames = new WeakMap<TIdeaChange, Uint8Array>();

function ideaFrame(change: TIdeaChange): Uint8Array {
  let frame = ideaFrames.get(change);
  if (!frame) {
    const { kind, ideaId, status, voteCount, commentCount } = change;
    frame = sseFrame('idea', JSON.stringify({ kind, ideaId, status, voteCount, commentCount }));
    ideaFrames.set(change, frame);
  }
  return frame;
}

/** What the embeddable widget calls beyond the spec's routes: SSO, its first screen, live events. */
export function widgetRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'post',
      path: '/widget/sso',
      operationId: 'createWidgetSsoSession',
      tag,
      summary: 'Exchanges a widget SSO token (JWT, HS256, company secret) for a session',
      description:
        'Creates or updates the company’s user of kind SSO with the token’s `id`, `name` and optional `email`, `avatarUrl` (or `avatar`). A bad, expired or non-HS256 token, one without `exp` where the company requires it, or one that lives longer than the company accepts, is a 401 whose `fields` say why (for developers; the widget shows visitors a plain sentence) and whose `language`, beside `error`, is the board’s language; an unknown board hash a 404.',
      auth: 'none',
      request: { body: ZSsoExchange },
      errors: [404, 429],
      response: ZSessionJson,
      handle: async (c) => {
        const { token, user } = await exchangeSsoToken(
          deps,
          await readJson(c),
          clientOfRequest(deps, c),
        );
        return { token, user: presentCompanyUser(user) };
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/widget/boards/{hash}',
      operationId: 'getWidgetBoard',
      tag,
      summary: 'The widget’s first screen: the board by its hash, the caller, the first ideas',
      description:
        'A public board for anyone; a private one only for the users of its company it grants (its team, its SSO users when `ssoAccess`, confirmed addresses at its allowed domains, members of allowed customer companies). The query takes the same filter, sort, search and page as GET /ideas/. An unknown hash is a plain 404; a private board the caller may not see is a 404 too, whose `language` (beside `error`) is the board’s and whose `access` says how a visitor gets in: `{reason: "PRIVATE", company: {name}, ssoAccess, emailAccess, signupPolicy, emailAwaitsConfirmation}` (nothing of the board itself), so the widget can tell its visitor and the site’s developer why it shows no board.',
      auth: 'optional',
      request: { params: ZHashParams, query: ZIdeaPageParams },
      response: ZWidgetBoardJson,
      handle: async (c) => {
        const view = await getWidgetBoard(
          deps,
          c.get('viewer'),
          c.req.param('hash') ?? '',
          c.req.query(),
        );
        return {
          board: presentBoard(view.board),
          company: {
            name: view.board.company.name,
            slug: view.board.company.slug,
            termsUrl: view.board.company.termsUrl,
          },
          me: view.me ? presentCompanyUser(view.me) : null,
          canParticipate: view.canParticipate,
          isBlocked: view.isBlocked,
          mustConfirmEmail: view.mustConfirmEmail,
          signupPolicy: view.board.company.signupPolicy,
          ideas: { ...view.ideas, ideas: view.ideas.ideas.map(presentIdea) },
          myHiddenIdeas: view.myHiddenIdeas,
          myPendingIdeas: view.myPendingIdeas,
          tags: view.tags.map(({ id, name, color }) => ({ id, name, color })),
        };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/widget/boards/{hash}/signup',
      operationId: 'signUpOnWidget',
      tag,
      summary: 'Signs a visitor of a public board up as an end user of its company',
      description:
        'Email and password (and an optional display name); answers a session like /login. The user may vote, submit and comment on the company’s boards. A taken email is a 409.',
      auth: 'none',
      request: { params: ZHashParams, body: ZEndUserRegistration },
      errors: [409, 429],
      status: 201,
      response: ZSessionJson,
      handle: async (c) => {
        const { token, user } = await registerEndUser(
          deps,
          c.req.param('hash') ?? '',
          await readJson(c),
          clientOfRequest(deps, c),
        );
        return { token, user: presentCompanyUser(user) };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/widget/boards/{hash}/login',
      operationId: 'logInOnWidget',
      tag,
      summary: 'Signs a visitor in with email and password, as a user of the board’s company',
      description:
        'The account of that address in the board’s company (an end user, or a team member: they act as an end user here; team powers stay in the console). The session is END_USER-scoped: it votes, submits and comments, and reads nothing only the team may. A wrong email or password is a 401 like /login; a company that signs people in by its own SSO only a 403; an account with two-factor sign-in is sent to the console (403).',
      auth: 'none',
      request: { params: ZHashParams, body: ZCredentials },
      errors: [403, 404, 429],
      response: ZSessionJson,
      handle: async (c) => {
        const { token, user } = await logInThroughBoard(
          deps,
          c.req.param('hash') ?? '',
          await readJson(c),
          clientOfRequest(deps, c),
        );
        return { token, user: presentCompanyUser(user) };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/widget/boards/{hash}/password-recovery/send-link',
      operationId: 'sendWidgetPasswordRecoveryLink',
      tag,
      summary:
        'Mails a link to choose a new password for the account of that address in the board’s company',
      description:
        'Only that company’s account is reset (an address may be an end user of several companies, each with its own password); the mailed link opens the reset page of /password-reset. The answer is the same whether or not the account exists. Limited per source (429); per address silently (the same answer, no mail). A company that signs people in by its own SSO only: 403.',
      auth: 'none',
      request: { params: ZHashParams, body: ZSendLink },
      errors: [403, 404, 429],
      response: z.object({ message: z.string() }),
      handle: async (c) => {
        await sendResetLink(deps, await readJson(c), clientOfRequest(deps, c), {
          boardHash: c.req.param('hash') ?? '',
        });
        return { message: RESET_LINK_ANSWER };
      },
    }),
    streamRoute({
      method: 'get',
      path: '/boards/{id}/events',
      operationId: 'streamBoardEvents',
      tag,
      summary: 'Live idea events of a board the caller may see (server-sent events)',
      description:
        'A `text/event-stream` of `idea` events (vote and comment counts, statuses) as they happen, `ready` once subscribed, `reconnect` with a `retry` of 1 to 5 s when the server process stops, `revoked` (then the stream closes) within seconds of the end of the session that opened it (sign-out, password change, removal from the team) or of the caller’s loss of the board (detached from the customer company that grants it, an SSO sign-in that no longer grants it, two-factor required of a team member without it), and keep-alive comments. Ideas awaiting acceptance only reach admins and their author. Open streams are capped per client address, per token and per server process (`STREAM_LIMIT_*`): past a cap, 429 with `Retry-After`.',
      auth: 'optional',
      request: { params: idParams('id') },
      event: ZIdeaEventJson,
      errors: [429, 503],
      handle: async (c) => {
        const viewer = c.get('viewer');
        // Counted before the board is read, so a client over its cap costs no query.
        const slot = deps.streamSlots.take(
          streamOwner(clientOfRequest(deps, c), viewer),
          c.req.raw.signal,
        );
        let listen: Awaited<ReturnType<typeof watchIdeaChanges>>;
        try {
          listen = await watchIdeaChanges(deps, viewer, pathId(c));
        } catch (error) {
          slot.release();
          throw error;
        }
        return eventStreamResponse(
          READY,
          (send, close) => {
            // The process is stopping: the client is told to come back after a pause spread over
            // a few seconds, so a fleet's restarts do not bring every widget back at one instant.
            // The credential that opened the stream ended (signed out, removed, …): `revoked`,
            // and the stream closes; a reconnect is answered for the caller as they are now.
            slot.onClose((reason) => {
              send(
                reason === 'revoked'
                  ? REVOKED
                  : sseFrame(
                      'reconnect',
                      '{}',
                      RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS),
                    ),
              );
              close();
            });
            const stop = listen((change) => send(ideaFrame(change)));
            return () => {
              stop();
              slot.release();
            };
          },
          outgoingOf(c.env),
        );
      },
    }),
  ];
}

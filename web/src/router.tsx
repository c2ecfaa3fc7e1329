import type { ComponentType } from 'react';
import { createBrowserRouter, redirect } from 'react-router-dom';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router-dom';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './layout/RouteError.tsx';
import type * as RelayLoaders from './relay/preload.ts';
import { plainIdForOldLink } from './relay/row-id.ts';
import { PageSpinner } from './ui/PageSpinner.tsx';
import { NotFoundScreen } from './screens/not-found/NotFoundScreen.tsx';
import { getAuthToken } from './session/storage.ts';

type TLazyRoute = {
  Component: ComponentType;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
};

/**
 * A screen loaded on first visit: its module (component, query and loader) is a chunk of its
 * own, so the first page downloads the layouts and that one screen, not the whole console.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => TLazyRoute) {
  return async () => pick(await load());
}

type TRelayLoaders = typeof RelayLoaders;

/**
 * A screen of the signed-in console: with its module comes Relay and the loaders that preload
 * the screen's query (relay/preload.ts), which the pages before sign-in do without (issue 22).
 */
function relayScreen<M>(
  load: () => Promise<M>,
  pick: (module: M, relay: TRelayLoaders) => TLazyRoute,
) {
  return async () => {
    const [module, relay] = await Promise.all([load(), import('./relay/preload.ts')]);
    return pick(module, relay);
  };
}

/**
 * Console addresses name boards and ideas by their plain ids (`/admin/boards/12/ideas/345`).
 * Links from before carry Relay global ids: they are sent on to the same page with the plain id
 * in that path segment (`index` counts from the leading slash), search and hash kept.
 */
function redirectOldLink(
  request: Request,
  segment: string | undefined,
  typename: string,
  index: number,
) {
  const plainId = plainIdForOldLink(segment, typename);
  if (!plainId) return;
  const url = new URL(request.url);
  const parts = url.pathname.split('/');
  parts[index] = plainId;
  throw redirect(`${parts.join('/')}${url.search}${url.hash}`);
}

/**
 * Signed-in users have no business on login, signup and reset pages (spec 6). A board end
 * user's reset link (`?for=board`) is not about the console's account: it opens whoever is
 * signed in to the console in this browser.
 */
const guestOnly = ({ request }: { request: Request }) =>
  getAuthToken() && new URL(request.url).searchParams.get('for') !== 'board' ? redirect('/') : null;

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: <AuthLayout />,
          loader: guestOnly,
          children: [
            {
              path: '/login',
              lazy: screen(
                () => import('./screens/login/LoginScreen.tsx'),
                (m) => ({ Component: m.LoginScreen }),
              ),
            },
            ...['/signup', '/signup/:ref'].map((path) => ({
              path,
              lazy: screen(
                () => import('./screens/signup/SignupScreen.tsx'),
                (m) => ({ Component: m.SignupScreen }),
              ),
            })),
            {
              path: '/password-reset',
              lazy: screen(
                () => import('./screens/password-reset/PasswordResetScreen.tsx'),
                (m) => ({ Component: m.PasswordResetScreen }),
              ),
            },
            {
              path: '/password-reset/sent',
              lazy: screen(
                () => import('./screens/password-reset/PasswordResetSentScreen.tsx'),
                (m) => ({ Component: m.PasswordResetSentScreen }),
              ),
            },
            {
              // The mail's link carries the token alone; links mailed before (an hour's life)
              // carry the address too and still work.
              path: '/password-reset/:email?/:token',
              lazy: screen(
                () => import('./screens/password-reset/CheckResetTokenScreen.tsx'),
                (m) => ({ Component: m.CheckResetTokenScreen }),
              ),
            },
            {
              path: '/password-reset/new/:email?/:token',
              lazy: screen(
                () => import('./screens/password-reset/NewPasswordScreen.tsx'),
                (m) => ({ Component: m.NewPasswordScreen }),
              ),
            },
          ],
        },
        {
          // The invitation link works signed in or not: accepting starts the invitee's session.
          // Its screen reads the invitation through Relay, so Relay's layout comes with it.
          lazy: screen(
            () => import('./layout/RelayLayout.tsx'),
            (m) => ({ Component: m.RelayLayout }),
          ),
          children: [
            {
              element: <AuthLayout />,
              children: [
                {
                  path: '/invitation/:token',
                  lazy: screen(
                    () => import('./screens/invitation/AcceptInvitationScreen.tsx'),
                    (m) => ({ Component: m.AcceptInvitationScreen }),
                  ),
                },
              ],
            },
          ],
        },
        {
          path: '/logout',
          lazy: screen(
            () => import('./screens/logout/LogoutScreen.tsx'),
            (m) => ({ Component: m.LogoutScreen }),
          ),
        },
        {
          // The signed-in console: Relay comes with this layout (the sign-in pages do without).
          lazy: screen(
            () => import('./layout/RelayLayout.tsx'),
            (m) => ({ Component: m.RelayLayout }),
          ),
          children: [
            {
              path: '/',
              lazy: relayScreen(
                () => import('./screens/home/HomeScreen.tsx'),
                (m, r) => ({ Component: m.HomeScreen, loader: r.preload(m.homeScreenQuery) }),
              ),
            },
            {
              path: '/admin',
              // A stored token lets the user in; an invalid one answers 401, which ends at
              // /login?expired=true (see session.ts).
              lazy: relayScreen(
                () => import('./layout/AdminLayout.tsx'),
                (m, r) => ({ Component: m.AdminLayout, loader: r.preload(m.adminLayoutQuery) }),
              ),
              children: [
                {
                  // A screen that fails keeps the shell and its menu around its message.
                  errorElement: <RouteError isInShell />,
                  children: [
                    { index: true, loader: () => redirect('/admin/boards') },
                    {
                      path: 'dashboard',
                      lazy: relayScreen(
                        () => import('./screens/admin/dashboard/DashboardScreen.tsx'),
                        (m, r) => ({
                          Component: m.DashboardScreen,
                          loader: r.preload(m.dashboardScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'boards',
                      lazy: relayScreen(
                        () => import('./screens/admin/boards/BoardsScreen.tsx'),
                        (m, r) => ({
                          Component: m.BoardsScreen,
                          loader: r.preload(m.boardsScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'boards/:boardId',
                      lazy: relayScreen(
                        () => import('./screens/admin/board/BoardLayout.tsx'),
                        (m, r) => ({
                          Component: m.BoardLayout,
                          loader: ({ params, request }) => {
                            redirectOldLink(request, params.boardId, 'Board', 3);
                            return r.preload(m.boardLayoutQuery, { id: params.boardId ?? '' })();
                          },
                        }),
                      ),
                      children: [
                        {
                          // One screen for the list and for an idea opened over it, so opening and
                          // closing an idea only changes the address (Back closes it).
                          lazy: relayScreen(
                            () => import('./screens/admin/board/ideas/IdeasScreen.tsx'),
                            (m) => ({
                              Component: m.IdeasScreen,
                              loader: m.ideasScreenLoader,
                              shouldRevalidate: m.shouldIdeasScreenRevalidate,
                            }),
                          ),
                          children: [
                            { index: true },
                            { path: 'list' },
                            {
                              path: 'ideas/:ideaId',
                              loader: ({ params, request }) => {
                                redirectOldLink(request, params.ideaId, 'Idea', 5);
                                return null;
                              },
                            },
                          ],
                        },
                        {
                          path: 'roadmap',
                          lazy: relayScreen(
                            () => import('./screens/admin/board/roadmap/RoadmapScreen.tsx'),
                            (m) => ({
                              Component: m.RoadmapScreen,
                              loader: m.roadmapScreenLoader,
                              shouldRevalidate: m.shouldRoadmapScreenRevalidate,
                            }),
                          ),
                          // An idea opened over the roadmap has its own address too (Back closes it).
                          children: [
                            { index: true },
                            {
                              path: 'ideas/:ideaId',
                              loader: ({ params, request }) => {
                                redirectOldLink(request, params.ideaId, 'Idea', 6);
                                return null;
                              },
                            },
                          ],
                        },
                        {
                          path: 'releases',
                          lazy: relayScreen(
                            () => import('./screens/admin/board/releases/ReleasesScreen.tsx'),
                            (m) => ({
                              Component: m.ReleasesScreen,
                              loader: m.releasesScreenLoader,
                            }),
                          ),
                        },
                        {
                          path: 'widget',
                          lazy: relayScreen(
                            () => import('./screens/admin/board/widget/WidgetScreen.tsx'),
                            (m, r) => ({
                              Component: m.WidgetScreen,
                              loader: r.boardQuery(m.widgetScreenQuery),
                            }),
                          ),
                        },
                        {
                          path: 'settings',
                          lazy: relayScreen(
                            () => import('./screens/admin/board/settings/BoardSettingsScreen.tsx'),
                            (m, r) => ({
                              Component: m.BoardSettingsScreen,
                              loader: r.boardQuery(m.boardSettingsScreenQuery),
                            }),
                          ),
                        },
                        {
                          path: 'users',
                          lazy: relayScreen(
                            () => import('./screens/admin/board/BoardUsersScreen.tsx'),
                            (m) => ({ Component: m.BoardUsersScreen }),
                          ),
                        },
                        {
                          path: 'import',
                          lazy: relayScreen(
                            () => import('./screens/admin/board/import/ImportScreen.tsx'),
                            (m) => ({ Component: m.ImportScreen }),
                          ),
                        },
                        { path: '*', element: <NotFoundScreen /> },
                      ],
                    },
                    {
                      // The moderation queue (issue 34); `?board=<id>` shows one board's part.
                      path: 'queue',
                      lazy: relayScreen(
                        () => import('./screens/admin/queue/QueueScreen.tsx'),
                        (m, r) => ({
                          Component: m.QueueScreen,
                          loader: ({ request }) =>
                            r.preload(
                              m.queueScreenQuery,
                              m.queueVariables(new URL(request.url).searchParams),
                            )(),
                        }),
                      ),
                    },
                    {
                      path: 'users',
                      lazy: relayScreen(
                        () => import('./screens/admin/users/UsersScreen.tsx'),
                        (m, r) => ({
                          Component: m.UsersScreen,
                          loader: r.preload(m.usersScreenQuery, { first: m.USERS_PAGE_SIZE }),
                        }),
                      ),
                    },
                    {
                      path: 'subscription',
                      lazy: relayScreen(
                        () => import('./screens/admin/subscription/SubscriptionScreen.tsx'),
                        (m, r) => ({
                          Component: m.SubscriptionScreen,
                          loader: r.preload(m.subscriptionScreenQuery),
                        }),
                      ),
                    },
                    {
                      // Personal settings; until issue 34 they shared /admin/settings with the
                      // company's, whose old links still land here.
                      path: 'profile',
                      lazy: relayScreen(
                        () => import('./screens/admin/settings/SettingsScreen.tsx'),
                        (m, r) => ({
                          Component: m.SettingsScreen,
                          loader: r.preload(m.settingsScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'company',
                      lazy: relayScreen(
                        () => import('./screens/admin/settings/CompanySettingsScreen.tsx'),
                        (m, r) => ({
                          Component: m.CompanySettingsScreen,
                          loader: r.preload(m.companySettingsScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'settings',
                      loader: ({ request }) => {
                        const { search, hash } = new URL(request.url);
                        return redirect(`/admin/profile${search}${hash}`);
                      },
                    },
                    {
                      path: 'webhooks',
                      lazy: relayScreen(
                        () => import('./screens/admin/webhooks/WebhooksScreen.tsx'),
                        (m, r) => ({
                          Component: m.WebhooksScreen,
                          loader: r.preload(m.webhooksScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'integrations',
                      lazy: relayScreen(
                        () => import('./screens/admin/integrations/IntegrationsScreen.tsx'),
                        (m, r) => ({
                          Component: m.IntegrationsScreen,
                          loader: r.preload(m.integrationsScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'customers',
                      lazy: relayScreen(
                        () => import('./screens/admin/customers/CustomersScreen.tsx'),
                        (m, r) => ({
                          Component: m.CustomersScreen,
                          loader: r.preload(m.customersScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'api-keys',
                      lazy: relayScreen(
                        () => import('./screens/admin/api-keys/ApiKeysScreen.tsx'),
                        (m, r) => ({
                          Component: m.ApiKeysScreen,
                          loader: r.preload(m.apiKeysScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'notifications',
                      lazy: relayScreen(
                        () => import('./screens/admin/notifications/NotificationsScreen.tsx'),
                        (m, r) => ({
                          Component: m.NotificationsScreen,
                          loader: r.preload(m.notificationsScreenQuery),
                        }),
                      ),
                    },
                    {
                      path: 'audit',
                      lazy: relayScreen(
                        () => import('./screens/admin/audit/AuditScreen.tsx'),
                        (m, r) => ({
                          Component: m.AuditScreen,
                          // The filter lives in the address: a new filter reloads the log.
                          loader: ({ request }) =>
                            r.preload(
                              m.auditScreenQuery,
                              m.variablesOf(m.filtersOf(new URL(request.url).searchParams)),
                            )(),
                        }),
                      ),
                    },
                    { path: '*', element: <NotFoundScreen /> },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: '*',
          element: (
            <main id="main" className="standalone">
              <NotFoundScreen />
            </main>
          ),
        },
      ],
    },
  ]);
}

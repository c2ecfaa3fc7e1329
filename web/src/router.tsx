import type { ComponentType } from 'react';
import { loadQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { createBrowserRouter, redirect } from 'react-router-dom';
import type { LoaderFunction } from 'react-router-dom';
import { AdminLayout, adminLayoutQuery } from './layout/AdminLayout.tsx';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './layout/RouteError.tsx';
import { getEnvironment } from './relay/environment.ts';
import { plainIdForOldLink } from './relay/row-id.ts';
import { BoardLayout, boardLayoutQuery } from './screens/admin/board/BoardLayout.tsx';
import { PageSpinner } from './ui/PageSpinner.tsx';
import { NotFoundScreen } from './screens/not-found/NotFoundScreen.tsx';
import { getAuthToken } from './session/storage.ts';

/**
 * A route loader that starts fetching a screen's query before the screen renders. Every screen
 * query needs a session: without a stored token it sends to /login instead (react-router runs
 * the loaders of nested routes side by side, so each one checks).
 */
function preload<T extends OperationType>(query: GraphQLTaggedNode, variables = {}) {
  return () => {
    if (!getAuthToken()) throw redirect('/login');
    return loadQuery<T>(getEnvironment(), query, variables as T['variables'], {
      fetchPolicy: 'store-and-network',
    });
  };
}

/**
 * A screen loaded on first visit: its module (component, query and loader) is a chunk of its
 * own, so the first page downloads the layouts and that one screen, not the whole console.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => { Component: ComponentType; loader?: LoaderFunction },
) {
  return async () => pick(await load());
}

/** A screen whose query takes the board id from the address. */
const boardQuery =
  (query: GraphQLTaggedNode): LoaderFunction =>
  ({ params }) =>
    preload(query, { id: params.boardId ?? '' })();

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

/** Signed-in users have no business on login, signup and reset pages (spec 6). */
const guestOnly = () => (getAuthToken() ? redirect('/') : null);

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          path: '/',
          lazy: screen(
            () => import('./screens/home/HomeScreen.tsx'),
            (m) => ({ Component: m.HomeScreen, loader: preload(m.homeScreenQuery) }),
          ),
        },
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
              path: '/password-reset/:email/:token',
              lazy: screen(
                () => import('./screens/password-reset/CheckResetTokenScreen.tsx'),
                (m) => ({ Component: m.CheckResetTokenScreen }),
              ),
            },
            {
              path: '/password-reset/new/:email/:token',
              lazy: screen(
                () => import('./screens/password-reset/NewPasswordScreen.tsx'),
                (m) => ({ Component: m.NewPasswordScreen }),
              ),
            },
          ],
        },
        {
          // The invitation link works signed in or not: accepting starts the invitee's session.
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
        {
          path: '/logout',
          lazy: screen(
            () => import('./screens/logout/LogoutScreen.tsx'),
            (m) => ({ Component: m.LogoutScreen }),
          ),
        },
        {
          path: '/admin',
          // A stored token lets the user in; an invalid one answers 401, which ends at
          // /login?expired=true (see session.ts).
          loader: preload(adminLayoutQuery),
          element: <AdminLayout />,
          children: [
            { index: true, loader: () => redirect('/admin/boards') },
            {
              path: 'dashboard',
              lazy: screen(
                () => import('./screens/admin/dashboard/DashboardScreen.tsx'),
                (m) => ({ Component: m.DashboardScreen, loader: preload(m.dashboardScreenQuery) }),
              ),
            },
            {
              path: 'boards',
              lazy: screen(
                () => import('./screens/admin/boards/BoardsScreen.tsx'),
                (m) => ({ Component: m.BoardsScreen, loader: preload(m.boardsScreenQuery) }),
              ),
            },
            {
              path: 'boards/:boardId',
              loader: ({ params, request }) => {
                redirectOldLink(request, params.boardId, 'Board', 3);
                return preload(boardLayoutQuery, { id: params.boardId ?? '' })();
              },
              element: <BoardLayout />,
              children: [
                {
                  // One screen for the list and for an idea opened over it, so opening and
                  // closing an idea only changes the address (Back closes it).
                  lazy: screen(
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
                  lazy: screen(
                    () => import('./screens/admin/board/roadmap/RoadmapScreen.tsx'),
                    (m) => ({
                      Component: m.RoadmapScreen,
                      loader: boardQuery(m.roadmapScreenQuery),
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
                  lazy: screen(
                    () => import('./screens/admin/board/releases/ReleasesScreen.tsx'),
                    (m) => ({ Component: m.ReleasesScreen, loader: m.releasesScreenLoader }),
                  ),
                },
                {
                  path: 'widget',
                  lazy: screen(
                    () => import('./screens/admin/board/widget/WidgetScreen.tsx'),
                    (m) => ({ Component: m.WidgetScreen, loader: boardQuery(m.widgetScreenQuery) }),
                  ),
                },
                {
                  path: 'settings',
                  lazy: screen(
                    () => import('./screens/admin/board/settings/BoardSettingsScreen.tsx'),
                    (m) => ({
                      Component: m.BoardSettingsScreen,
                      loader: boardQuery(m.boardSettingsScreenQuery),
                    }),
                  ),
                },
                {
                  path: 'users',
                  lazy: screen(
                    () => import('./screens/admin/board/BoardUsersScreen.tsx'),
                    (m) => ({ Component: m.BoardUsersScreen }),
                  ),
                },
                { path: '*', element: <NotFoundScreen /> },
              ],
            },
            {
              path: 'users',
              lazy: screen(
                () => import('./screens/admin/users/UsersScreen.tsx'),
                (m) => ({
                  Component: m.UsersScreen,
                  loader: preload(m.usersScreenQuery, { first: m.USERS_PAGE_SIZE }),
                }),
              ),
            },
            {
              path: 'subscription',
              lazy: screen(
                () => import('./screens/admin/subscription/SubscriptionScreen.tsx'),
                (m) => ({
                  Component: m.SubscriptionScreen,
                  loader: preload(m.subscriptionScreenQuery),
                }),
              ),
            },
            {
              path: 'settings',
              lazy: screen(
                () => import('./screens/admin/settings/SettingsScreen.tsx'),
                (m) => ({ Component: m.SettingsScreen, loader: preload(m.settingsScreenQuery) }),
              ),
            },
            {
              path: 'webhooks',
              lazy: screen(
                () => import('./screens/admin/webhooks/WebhooksScreen.tsx'),
                (m) => ({ Component: m.WebhooksScreen, loader: preload(m.webhooksScreenQuery) }),
              ),
            },
            {
              path: 'api-keys',
              lazy: screen(
                () => import('./screens/admin/api-keys/ApiKeysScreen.tsx'),
                (m) => ({ Component: m.ApiKeysScreen, loader: preload(m.apiKeysScreenQuery) }),
              ),
            },
            {
              path: 'audit',
              lazy: screen(
                () => import('./screens/admin/audit/AuditScreen.tsx'),
                (m) => ({
                  Component: m.AuditScreen,
                  // The filter lives in the address: a new filter reloads the log.
                  loader: ({ request }) =>
                    preload(
                      m.auditScreenQuery,
                      m.variablesOf(m.filtersOf(new URL(request.url).searchParams)),
                    )(),
                }),
              ),
            },
            { path: '*', element: <NotFoundScreen /> },
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

import { loadQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { createBrowserRouter, redirect } from 'react-router-dom';
import { AdminLayout, adminLayoutQuery } from './layout/AdminLayout.tsx';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './layout/RouteError.tsx';
import { getEnvironment } from './relay/environment.ts';
import { BoardLayout, boardLayoutQuery } from './screens/admin/board/BoardLayout.tsx';
import { BoardUsersScreen } from './screens/admin/board/BoardUsersScreen.tsx';
import {
  BoardSettingsScreen,
  boardSettingsScreenQuery,
} from './screens/admin/board/settings/BoardSettingsScreen.tsx';
import {
  ReleasesScreen,
  releasesScreenLoader,
} from './screens/admin/board/releases/ReleasesScreen.tsx';
import { RoadmapScreen, roadmapScreenQuery } from './screens/admin/board/roadmap/RoadmapScreen.tsx';
import { WidgetScreen, widgetScreenQuery } from './screens/admin/board/widget/WidgetScreen.tsx';
import { IdeasScreen, ideasScreenLoader } from './screens/admin/board/ideas/IdeasScreen.tsx';
import { BoardsScreen, boardsScreenQuery } from './screens/admin/boards/BoardsScreen.tsx';
import {
  DashboardScreen,
  dashboardScreenQuery,
} from './screens/admin/dashboard/DashboardScreen.tsx';
import { SettingsScreen, settingsScreenQuery } from './screens/admin/settings/SettingsScreen.tsx';
import {
  USERS_PAGE_SIZE,
  UsersScreen,
  usersScreenQuery,
} from './screens/admin/users/UsersScreen.tsx';
import {
  SubscriptionScreen,
  subscriptionScreenQuery,
} from './screens/admin/subscription/SubscriptionScreen.tsx';
import { HomeScreen, homeScreenQuery } from './screens/home/HomeScreen.tsx';
import { LoginScreen } from './screens/login/LoginScreen.tsx';
import { LogoutScreen } from './screens/logout/LogoutScreen.tsx';
import { NotFoundScreen } from './screens/not-found/NotFoundScreen.tsx';
import { CheckResetTokenScreen } from './screens/password-reset/CheckResetTokenScreen.tsx';
import { NewPasswordScreen } from './screens/password-reset/NewPasswordScreen.tsx';
import { PasswordResetScreen } from './screens/password-reset/PasswordResetScreen.tsx';
import { PasswordResetSentScreen } from './screens/password-reset/PasswordResetSentScreen.tsx';
import { SignupScreen } from './screens/signup/SignupScreen.tsx';
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

/** Signed-in users have no business on login, signup and reset pages (spec 6). */
const guestOnly = () => (getAuthToken() ? redirect('/') : null);

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          path: '/',
          loader: preload(homeScreenQuery),
          element: <HomeScreen />,
        },
        {
          element: <AuthLayout />,
          loader: guestOnly,
          children: [
            { path: '/login', element: <LoginScreen /> },
            { path: '/signup', element: <SignupScreen /> },
            { path: '/signup/:ref', element: <SignupScreen /> },
            { path: '/password-reset', element: <PasswordResetScreen /> },
            { path: '/password-reset/sent', element: <PasswordResetSentScreen /> },
            { path: '/password-reset/:email/:token', element: <CheckResetTokenScreen /> },
            { path: '/password-reset/new/:email/:token', element: <NewPasswordScreen /> },
          ],
        },
        { path: '/logout', element: <LogoutScreen /> },
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
              loader: preload(dashboardScreenQuery),
              element: <DashboardScreen />,
            },
            { path: 'boards', loader: preload(boardsScreenQuery), element: <BoardsScreen /> },
            {
              path: 'boards/:boardId',
              loader: ({ params }) => preload(boardLayoutQuery, { id: params.boardId ?? '' })(),
              element: <BoardLayout />,
              children: [
                { index: true, loader: ideasScreenLoader, element: <IdeasScreen /> },
                { path: 'list', loader: ideasScreenLoader, element: <IdeasScreen /> },
                {
                  path: 'roadmap',
                  loader: ({ params }) =>
                    preload(roadmapScreenQuery, { id: params.boardId ?? '' })(),
                  element: <RoadmapScreen />,
                },
                { path: 'releases', loader: releasesScreenLoader, element: <ReleasesScreen /> },
                {
                  path: 'widget',
                  loader: ({ params }) =>
                    preload(widgetScreenQuery, { id: params.boardId ?? '' })(),
                  element: <WidgetScreen />,
                },
                {
                  path: 'settings',
                  loader: ({ params }) =>
                    preload(boardSettingsScreenQuery, { id: params.boardId ?? '' })(),
                  element: <BoardSettingsScreen />,
                },
                { path: 'users', element: <BoardUsersScreen /> },
                { path: '*', element: <NotFoundScreen /> },
              ],
            },
            {
              path: 'users',
              loader: preload(usersScreenQuery, { first: USERS_PAGE_SIZE }),
              element: <UsersScreen />,
            },
            {
              path: 'subscription',
              loader: preload(subscriptionScreenQuery),
              element: <SubscriptionScreen />,
            },
            {
              path: 'settings',
              loader: preload(settingsScreenQuery),
              element: <SettingsScreen />,
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

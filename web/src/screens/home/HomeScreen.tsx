import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Navigate, useLoaderData } from 'react-router-dom';
import type { HomeScreenQuery as THomeScreenQuery } from '../../../__generated__/HomeScreenQuery.graphql.ts';

export const homeScreenQuery = graphql`
  query HomeScreenQuery {
    viewer {
      __typename
    }
  }
`;

/**
 * The entry route: with a stored token, the console once the account is known (a spinner
 * meanwhile, from the Suspense boundary); without one the route loader sends to /login.
 */
export function HomeScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<THomeScreenQuery>;
  const { viewer } = usePreloadedQuery<THomeScreenQuery>(homeScreenQuery, queryRef);
  return <Navigate to={viewer ? '/admin/dashboard' : '/login'} replace />;
}

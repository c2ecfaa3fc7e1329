import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type {
  IntegrationsScreenQuery as TIntegrationsScreenQuery,
  IntegrationsScreenQuery$data,
} from '../../../../__generated__/IntegrationsScreenQuery.graphql.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { SlackSection } from './SlackSection.tsx';
import { integrationMessages } from './messages.ts';

/**
 * One query for the screen; each integration's section spreads its own fragment on Query here
 * (`...GitHubSection_query` beside Slack's) and reads it with useFragment.
 */
export const integrationsScreenQuery = graphql`
  query IntegrationsScreenQuery {
    ...SlackSection_query
    ...TrackerSection_query
  }
`;

/**
 * GitHub and Linear, loaded with the screen's first render in a chunk of their own: the
 * settings chunk is at its budget.
 */
const LazyTrackerSection = lazy(() =>
  import('./TrackerSection.tsx').then((module) => ({ default: module.TrackerSection })),
);

function TrackerSections({ query }: { query: IntegrationsScreenQuery$data }) {
  return (
    <Suspense fallback={<p className="muted" aria-busy="true" />}>
      <LazyTrackerSection query={query} />
    </Suspense>
  );
}

/** The screen's sections, top to bottom: add an integration's section here. */
const SECTIONS: { id: string; Section: ComponentType<{ query: IntegrationsScreenQuery$data }> }[] =
  [
    { id: 'slack', Section: SlackSection },
    { id: 'trackers', Section: TrackerSections },
  ];

/** /admin/integrations: the company's connections to other tools (owners and admins). */
export function IntegrationsScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TIntegrationsScreenQuery>;
  const data = usePreloadedQuery<TIntegrationsScreenQuery>(integrationsScreenQuery, queryRef);
  usePageTitle(integrationMessages.title);
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(integrationMessages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(integrationMessages.intro)}</p>
        </div>
      </header>
      <div className="settings-stack">
        {SECTIONS.map(({ id, Section }) => (
          <Section key={id} query={data} />
        ))}
      </div>
    </>
  );
}

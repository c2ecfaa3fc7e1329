import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { BoardSettingsScreenQuery as TQuery } from '../../../../../__generated__/BoardSettingsScreenQuery.graphql.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { GeneralCard } from './GeneralCard.tsx';
import { boardSettingsMessages as messages } from './messages.ts';
import { ModerationCard } from './ModerationCard.tsx';
import { ThemeCard } from './ThemeCard.tsx';
import { VisibilityCard } from './VisibilityCard.tsx';
import { StatusesCard } from '../statuses/StatusesCard.tsx';
import { TagsCard } from '../tags/TagsCard.tsx';

export const boardSettingsScreenQuery = graphql`
  query BoardSettingsScreenQuery($id: ID!) {
    board(id: $id) {
      ...GeneralCard_board
      ...VisibilityCard_board
      ...ModerationCard_board
      ...ThemeCard_board
      ...StatusesCard_board
      ...TagsCard_board
    }
    ...VisibilityCard_query
    viewer {
      company {
        ...VisibilityCard_company
      }
    }
  }
`;

/**
 * /admin/boards/{id}/settings: general, visibility and theme, each saved on its own. On an
 * inactive board every field is disabled (one disabled fieldset): the server refuses settings
 * changes there.
 */
export function BoardSettingsScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const data = usePreloadedQuery<TQuery>(boardSettingsScreenQuery, queryRef);
  const { board, viewer } = data;
  const viewOnly = useViewOnlyProps();
  if (!board) return null;
  return (
    <section aria-labelledby="board-settings-title">
      <header className="section-header">
        <h2 id="board-settings-title" className="section-header__title">
          {intl.formatMessage(messages.title)}
        </h2>
      </header>
      <fieldset
        className="settings-stack fieldset--plain"
        disabled={viewOnly.disabled}
        aria-describedby={viewOnly['aria-describedby']}
      >
        <GeneralCard board={board} />
        <VisibilityCard board={board} company={viewer?.company ?? null} query={data} />
        <ModerationCard board={board} />
        <ThemeCard board={board} />
        <StatusesCard board={board} />
        <TagsCard board={board} />
      </fieldset>
    </section>
  );
}

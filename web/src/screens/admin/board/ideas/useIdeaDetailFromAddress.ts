import { useEffect, useState } from 'react';
import { loadQuery, useRelayEnvironment } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useParams } from 'react-router-dom';
import type { IdeaDetailModalQuery as TIdeaDetailModalQuery } from '../../../../../__generated__/IdeaDetailModalQuery.graphql.ts';

/**
 * The dialog's compiled query (about 2.4 KB gzipped), loaded when an idea is first opened, in
 * parallel with the dialog's own chunk: the board's screens show without it (issue 22).
 */
const loadIdeaDetailQuery = () =>
  import('../../../../../__generated__/IdeaDetailModalQuery.graphql.ts').then(
    (module) => module.default,
  );

/**
 * The idea dialog of a board screen (the list and the roadmap): the address names the open idea
 * (`…/ideas/{ideaId}`, its plain id or an old global id) and the dialog's query follows it.
 * What useQueryLoader does, with the query's artifact loaded on demand: each reference is
 * released once the next one is shown, or with the screen.
 */
export function useIdeaDetailFromAddress(boardGlobalId: string | undefined) {
  const { ideaId } = useParams();
  const environment = useRelayEnvironment();
  const [detailRef, setDetailRef] = useState<PreloadedQuery<TIdeaDetailModalQuery> | null>(null);
  useEffect(() => {
    if (!ideaId || !boardGlobalId) {
      setDetailRef(null);
      return;
    }
    let isCurrent = true;
    void loadIdeaDetailQuery().then((query) => {
      if (!isCurrent) return;
      setDetailRef(
        loadQuery<TIdeaDetailModalQuery>(
          environment,
          query,
          { id: ideaId, boardId: boardGlobalId },
          { fetchPolicy: 'store-and-network' },
        ),
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [ideaId, boardGlobalId, environment]);
  useEffect(() => () => detailRef?.dispose(), [detailRef]);
  return { ideaId, detailRef };
}

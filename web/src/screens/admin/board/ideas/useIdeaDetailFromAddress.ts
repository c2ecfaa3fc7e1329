import { useEffect } from 'react';
import { useQueryLoader } from 'react-relay';
import { useParams } from 'react-router-dom';
import type { IdeaDetailModalQuery as TIdeaDetailModalQuery } from '../../../../../__generated__/IdeaDetailModalQuery.graphql.ts';
// The dialog's compiled query, not IdeaDetailModal.tsx: the dialog itself loads on first open
// (its own chunk), while the query starts as soon as the address names an idea.
import ideaDetailModalQuery from '../../../../../__generated__/IdeaDetailModalQuery.graphql.ts';

/**
 * The idea dialog of a board screen (the list and the roadmap): the address names the open idea
 * (`…/ideas/{ideaId}`, its plain id or an old global id) and the dialog's query follows it.
 */
export function useIdeaDetailFromAddress(boardGlobalId: string | undefined) {
  const { ideaId } = useParams();
  const [detailRef, loadDetail, disposeDetail] =
    useQueryLoader<TIdeaDetailModalQuery>(ideaDetailModalQuery);
  useEffect(() => {
    if (!ideaId || !boardGlobalId) {
      disposeDetail();
      return;
    }
    loadDetail({ id: ideaId, boardId: boardGlobalId }, { fetchPolicy: 'store-and-network' });
  }, [ideaId, boardGlobalId, loadDetail, disposeDetail]);
  return { ideaId, detailRef };
}

import { graphql } from 'react-relay';
import type { useDashboardMutationsAddSamplesMutation as TAdd } from '../../../../__generated__/useDashboardMutationsAddSamplesMutation.graphql.ts';
import type { useDashboardMutationsRemoveSamplesMutation as TRemove } from '../../../../__generated__/useDashboardMutationsRemoveSamplesMutation.graphql.ts';
import type { useDashboardMutationsDismissMutation as TDismiss } from '../../../../__generated__/useDashboardMutationsDismissMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Fills the first board with sample ideas; answers how many. */
export function useAddSampleIdeasMutation() {
  return usePromiseMutation<TAdd>(graphql`
    mutation useDashboardMutationsAddSamplesMutation {
      addSampleIdeas {
        __typename
        ... on MutationAddSampleIdeasSuccess {
          data
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

/** Deletes the sample ideas with their votes; answers how many. */
export function useRemoveSampleIdeasMutation() {
  return usePromiseMutation<TRemove>(graphql`
    mutation useDashboardMutationsRemoveSamplesMutation {
      removeSampleIdeas {
        __typename
        ... on MutationRemoveSampleIdeasSuccess {
          data
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

/** Hides the first-week checklist for the company. */
export function useDismissChecklistMutation() {
  return usePromiseMutation<TDismiss>(graphql`
    mutation useDashboardMutationsDismissMutation {
      dismissDashboardChecklist {
        __typename
        ... on MutationDismissDashboardChecklistSuccess {
          data
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

import { graphql } from 'react-relay';
import type { useSetLanguageMutation as TSetLanguageMutation } from '../../../../__generated__/useSetLanguageMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Stores the signed-in user's interface language. */
export function useSetLanguageMutation() {
  return usePromiseMutation<TSetLanguageMutation>(graphql`
    mutation useSetLanguageMutation($language: String!) {
      setLanguage(language: $language) {
        __typename
        ... on MutationSetLanguageSuccess {
          data {
            language
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

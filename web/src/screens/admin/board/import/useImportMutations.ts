import { graphql } from 'react-relay';
import type { useImportMutationsPreviewMutation as TPreview } from '../../../../../__generated__/useImportMutationsPreviewMutation.graphql.ts';
import type { useImportMutationsStartMutation as TStart } from '../../../../../__generated__/useImportMutationsStartMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Reads export files and answers what importing them would create (writes nothing). */
export function usePreviewImportMutation() {
  return usePromiseMutation<TPreview>(graphql`
    mutation useImportMutationsPreviewMutation(
      $boardId: ID!
      $source: ImportSource!
      $files: [ImportFileInput!]!
    ) {
      previewImport(boardId: $boardId, source: $source, files: $files) {
        __typename
        ... on MutationPreviewImportSuccess {
          data {
            ...ImportProgress_job
            id
            preview {
              ideas {
                inFile
                toCreate
              }
              users {
                inFile
                toCreate
              }
              votes {
                inFile
                toCreate
              }
              comments {
                inFile
                toCreate
              }
              statusMapping {
                sourceStatus
                status
                customStatusName
                ideaCount
              }
              problems {
                file
                row
                column
                message
              }
              problemCount
              skipped
            }
          }
        }
        ... on AppError {
          code
          message
          fields {
            field
            message
          }
        }
      }
    }
  `);
}

/** Sets a previewed import going in the background. */
export function useStartImportMutation() {
  return usePromiseMutation<TStart>(graphql`
    mutation useImportMutationsStartMutation($importJobId: ID!) {
      startImport(importJobId: $importJobId) {
        __typename
        ... on MutationStartImportSuccess {
          data {
            id
            ...ImportProgress_job
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

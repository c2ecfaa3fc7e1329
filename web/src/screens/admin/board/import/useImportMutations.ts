import { graphql } from 'react-relay';
import type { useImportMutationsPreviewMutation as TPreview } from '../../../../../__generated__/useImportMutationsPreviewMutation.graphql.ts';
import type { useImportMutationsStartMutation as TStart } from '../../../../../__generated__/useImportMutationsStartMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/**
 * Reads export files and answers what importing them would create (writes nothing). The files
 * go as parts of a multipart request (uploadables `uploads.0`, …), so exports over 1 MB fit.
 */
export function usePreviewImportMutation() {
  return usePromiseMutation<TPreview>(graphql`
    mutation useImportMutationsPreviewMutation(
      $boardId: ID!
      $source: ImportSource!
      $uploads: [File!]!
    ) {
      previewImport(boardId: $boardId, source: $source, uploads: $uploads) {
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

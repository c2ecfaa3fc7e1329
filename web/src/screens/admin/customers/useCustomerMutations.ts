import { graphql } from 'react-relay';
import type { useCustomerMutationsCreateMutation as TCreate } from '../../../../__generated__/useCustomerMutationsCreateMutation.graphql.ts';
import type { useCustomerMutationsUpdateMutation as TUpdate } from '../../../../__generated__/useCustomerMutationsUpdateMutation.graphql.ts';
import type { useCustomerMutationsAttachMutation as TAttach } from '../../../../__generated__/useCustomerMutationsAttachMutation.graphql.ts';
import type { useCustomerMutationsDetachMutation as TDetach } from '../../../../__generated__/useCustomerMutationsDetachMutation.graphql.ts';
import type { useCustomerMutationsPreviewMutation as TPreview } from '../../../../__generated__/useCustomerMutationsPreviewMutation.graphql.ts';
import type { useCustomerMutationsImportMutation as TImport } from '../../../../__generated__/useCustomerMutationsImportMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Creates a customer company; the screen adds it to the list. */
export function useCreateCustomerMutation() {
  return usePromiseMutation<TCreate>(graphql`
    mutation useCustomerMutationsCreateMutation(
      $name: String!
      $externalId: String!
      $monthlySpend: Float!
      $plan: String
    ) {
      createCustomerCompany(
        name: $name
        externalId: $externalId
        monthlySpend: $monthlySpend
        plan: $plan
      ) {
        __typename
        ... on MutationCreateCustomerCompanySuccess {
          data {
            id
            ...CustomerRow_customerCompany
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

/** Edits a customer company; its row follows from the answer. */
export function useUpdateCustomerMutation() {
  return usePromiseMutation<TUpdate>(graphql`
    mutation useCustomerMutationsUpdateMutation(
      $customerCompanyId: ID!
      $name: String!
      $externalId: String!
      $monthlySpend: Float!
      $plan: String
    ) {
      updateCustomerCompany(
        customerCompanyId: $customerCompanyId
        name: $name
        externalId: $externalId
        monthlySpend: $monthlySpend
        plan: $plan
      ) {
        __typename
        ... on MutationUpdateCustomerCompanySuccess {
          data {
            id
            ...CustomerRow_customerCompany
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

/** Attaches an end user; the answer's members and count update the dialog and the row. */
export function useAttachCustomerMemberMutation() {
  return usePromiseMutation<TAttach>(graphql`
    mutation useCustomerMutationsAttachMutation($customerCompanyId: ID!, $userId: ID!) {
      attachCustomerCompanyMember(customerCompanyId: $customerCompanyId, userId: $userId) {
        __typename
        ... on MutationAttachCustomerCompanyMemberSuccess {
          data {
            id
            memberCount
            ...CustomerMembers_customerCompany
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

/** Detaches an end user. */
export function useDetachCustomerMemberMutation() {
  return usePromiseMutation<TDetach>(graphql`
    mutation useCustomerMutationsDetachMutation($customerCompanyId: ID!, $userId: ID!) {
      detachCustomerCompanyMember(customerCompanyId: $customerCompanyId, userId: $userId) {
        __typename
        ... on MutationDetachCustomerCompanyMemberSuccess {
          data {
            id
            memberCount
            ...CustomerMembers_customerCompany
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

/** What a CSV import would do (nothing is written). */
export function usePreviewCustomerImportMutation() {
  return usePromiseMutation<TPreview>(graphql`
    mutation useCustomerMutationsPreviewMutation($csv: String!) {
      previewCustomerCompanyImport(csv: $csv) {
        __typename
        ... on MutationPreviewCustomerCompanyImportSuccess {
          data {
            createCount
            updateCount
            rows {
              row
              name
              externalId
              monthlySpend
              action
            }
            problems {
              row
              column
              message
            }
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

/** Imports a CSV in one transaction. */
export function useImportCustomersMutation() {
  return usePromiseMutation<TImport>(graphql`
    mutation useCustomerMutationsImportMutation($csv: String!) {
      importCustomerCompanies(csv: $csv) {
        __typename
        ... on MutationImportCustomerCompaniesSuccess {
          data {
            createCount
            updateCount
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

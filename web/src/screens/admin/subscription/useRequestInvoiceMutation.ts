import { graphql } from 'react-relay';
import type { useRequestInvoiceMutation as TRequestInvoiceMutation } from '../../../../__generated__/useRequestInvoiceMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Mails an invoice request to the billing address. */
export function useRequestInvoiceMutation() {
  return usePromiseMutation<TRequestInvoiceMutation>(graphql`
    mutation useRequestInvoiceMutation($details: String!) {
      requestInvoice(details: $details) {
        __typename
        ... on MutationRequestInvoiceSuccess {
          data
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

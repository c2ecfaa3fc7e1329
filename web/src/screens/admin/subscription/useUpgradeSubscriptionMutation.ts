import { graphql } from 'react-relay';
import type { useUpgradeSubscriptionMutation as TUpgradeSubscriptionMutation } from '../../../../__generated__/useUpgradeSubscriptionMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Starts a Stripe Checkout for a plan; answers the link to send the browser to. */
export function useUpgradeSubscriptionMutation() {
  return usePromiseMutation<TUpgradeSubscriptionMutation>(graphql`
    mutation useUpgradeSubscriptionMutation($product: Product!, $months: Int!, $amount: Float!) {
      upgradeSubscription(product: $product, months: $months, amount: $amount) {
        __typename
        ... on MutationUpgradeSubscriptionSuccess {
          data {
            link
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

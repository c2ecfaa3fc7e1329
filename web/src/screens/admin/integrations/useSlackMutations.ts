import { graphql } from 'react-relay';
import type { useSlackMutationsConnectMutation as TConnect } from '../../../../__generated__/useSlackMutationsConnectMutation.graphql.ts';
import type { useSlackMutationsDisconnectMutation as TDisconnect } from '../../../../__generated__/useSlackMutationsDisconnectMutation.graphql.ts';
import type { useSlackMutationsTestMutation as TTest } from '../../../../__generated__/useSlackMutationsTestMutation.graphql.ts';
import type { useSlackMutationsUpdateMutation as TUpdate } from '../../../../__generated__/useSlackMutationsUpdateMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Connects a Slack incoming webhook; the answer is the card (the URL never comes back). */
export function useConnectSlackMutation() {
  return usePromiseMutation<TConnect>(graphql`
    mutation useSlackMutationsConnectMutation(
      $url: String!
      $events: [SlackEvent!]!
      $boardId: ID
      $language: String!
    ) {
      connectSlack(url: $url, events: $events, boardId: $boardId, language: $language) {
        __typename
        ... on MutationConnectSlackSuccess {
          data {
            id
            ...SlackConnectionCard_connection
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

/** Changes a connection's events, board, language or (when given) URL. */
export function useUpdateSlackConnectionMutation() {
  return usePromiseMutation<TUpdate>(graphql`
    mutation useSlackMutationsUpdateMutation(
      $slackConnectionId: ID!
      $url: String
      $events: [SlackEvent!]
      $boardId: ID
      $language: String
    ) {
      updateSlackConnection(
        slackConnectionId: $slackConnectionId
        url: $url
        events: $events
        boardId: $boardId
        language: $language
      ) {
        __typename
        ... on MutationUpdateSlackConnectionSuccess {
          data {
            ...SlackConnectionCard_connection
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

/** Posts a test message now; the answer refreshes the card's last delivery. */
export function useSendSlackTestMutation() {
  return usePromiseMutation<TTest>(graphql`
    mutation useSlackMutationsTestMutation($slackConnectionId: ID!) {
      sendSlackTest(slackConnectionId: $slackConnectionId) {
        __typename
        ... on MutationSendSlackTestSuccess {
          data {
            status
            slackConnection {
              ...SlackConnectionCard_connection
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

/** Disconnects Slack: the card goes. */
export function useDisconnectSlackMutation() {
  return usePromiseMutation<TDisconnect>(graphql`
    mutation useSlackMutationsDisconnectMutation($slackConnectionId: ID!) {
      disconnectSlack(slackConnectionId: $slackConnectionId) {
        __typename
        ... on MutationDisconnectSlackSuccess {
          data {
            disconnectedSlackConnectionId @deleteRecord
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

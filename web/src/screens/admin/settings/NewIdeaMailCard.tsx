import { graphql, useFragment } from 'react-relay';
import type {
  NewIdeaMail,
  NewIdeaMailCard_user$key,
} from '../../../../__generated__/NewIdeaMailCard_user.graphql.ts';
import type { NewIdeaMailCardMutation as TMutation } from '../../../../__generated__/NewIdeaMailCardMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';
import { ChoiceCard } from './ChoiceCard.tsx';
import type { TChoice } from './ChoiceCard.tsx';
import { settingsMessages } from './messages.ts';

const OPTIONS: readonly TChoice<NewIdeaMail>[] = [
  { value: 'EACH', label: settingsMessages.newIdeasEach, hint: settingsMessages.newIdeasEachHint },
  {
    value: 'DIGEST',
    label: settingsMessages.newIdeasDigest,
    hint: settingsMessages.newIdeasDigestHint,
  },
  { value: 'NONE', label: settingsMessages.newIdeasNone, hint: settingsMessages.newIdeasNoneHint },
];

/**
 * How a team member hears of new ideas by mail (each one, a daily digest, none): saved as soon
 * as an option is picked. Shown to the team only (end users have no such choice: null).
 */
export function NewIdeaMailCard({ user }: { user: NewIdeaMailCard_user$key }) {
  const data = useFragment(
    graphql`
      fragment NewIdeaMailCard_user on User {
        id
        newIdeaMail
      }
    `,
    user,
  );
  const [save, isSaving] = usePromiseMutation<TMutation>(graphql`
    mutation NewIdeaMailCardMutation($newIdeaMail: NewIdeaMail!) {
      setNewIdeaMail(newIdeaMail: $newIdeaMail) {
        __typename
        ... on MutationSetNewIdeaMailSuccess {
          data {
            newIdeaMail
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  if (data.newIdeaMail === null || data.newIdeaMail === undefined) return null;
  const current = data.newIdeaMail;

  return (
    <ChoiceCard
      id="new-ideas-card-title"
      name="newIdeaMail"
      title={settingsMessages.newIdeasTitle}
      intro={settingsMessages.newIdeasIntro}
      choices={OPTIONS}
      current={current}
      isSaving={isSaving}
      save={async (newIdeaMail) => {
        const { setNewIdeaMail: result } = await save({ newIdeaMail }, (store) => {
          store.get(data.id)?.setValue(newIdeaMail, 'newIdeaMail');
        });
        return result.__typename === 'MutationSetNewIdeaMailSuccess';
      }}
    />
  );
}

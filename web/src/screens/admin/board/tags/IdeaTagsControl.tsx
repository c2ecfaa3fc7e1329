import { useId, useState } from 'react';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { IdeaTagsControl_idea$key } from '../../../../../__generated__/IdeaTagsControl_idea.graphql.ts';
import type { IdeaTagsControlAddMutation as TAdd } from '../../../../../__generated__/IdeaTagsControlAddMutation.graphql.ts';
import type { IdeaTagsControlRemoveMutation as TRemove } from '../../../../../__generated__/IdeaTagsControlRemoveMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { TagChip } from './TagChip.tsx';
import { tagsMessages as messages } from './messages.ts';

/**
 * The idea's tags in its dialog: chips, each with a remove button, and a picker of the
 * company's other tags (the team; others see the chips only). The answer updates every card.
 */
export function IdeaTagsControl({ idea }: { idea: IdeaTagsControl_idea$key }) {
  const intl = useIntl();
  const pickerId = useId();
  const data = useFragment(
    graphql`
      fragment IdeaTagsControl_idea on Idea {
        id
        canUpdateStatus
        tags {
          id
          name
          ...TagChip_tag
        }
        board {
          tags {
            id
            name
          }
        }
      }
    `,
    idea,
  );
  const [tagId, setTagId] = useState('');
  const [add] = usePromiseMutation<TAdd>(graphql`
    mutation IdeaTagsControlAddMutation($ideaId: ID!, $tagId: ID!) {
      addIdeaTag(ideaId: $ideaId, tagId: $tagId) {
        __typename
        ... on MutationAddIdeaTagSuccess {
          data {
            id
            tags {
              id
              name
              ...TagChip_tag
            }
            ...IdeaActivityList_idea
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const [remove] = usePromiseMutation<TRemove>(graphql`
    mutation IdeaTagsControlRemoveMutation($ideaId: ID!, $tagId: ID!) {
      removeIdeaTag(ideaId: $ideaId, tagId: $tagId) {
        __typename
        ... on MutationRemoveIdeaTagSuccess {
          data {
            id
            tags {
              id
              name
              ...TagChip_tag
            }
            ...IdeaActivityList_idea
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const change = useAction(async (kind: 'add' | 'remove', id: string) => {
    const variables = { ideaId: data.id, tagId: id };
    const result =
      kind === 'add' ? (await add(variables)).addIdeaTag : (await remove(variables)).removeIdeaTag;
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    if (kind === 'add') setTagId('');
    return null;
  });
  const carried = new Set(data.tags.map((tag) => tag.id));
  const addable = data.board.tags.filter((tag) => !carried.has(tag.id));
  if (!data.canUpdateStatus && data.tags.length === 0) return null;
  return (
    <ToolSection titleId="idea-tags-title" title={intl.formatMessage(messages.title)}>
      {data.tags.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.noIdeaTags)}</p>
      ) : (
        <ul className="tag-chips" aria-labelledby="idea-tags-title">
          {data.tags.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} />
              {data.canUpdateStatus ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => void change.run('remove', tag.id)}
                >
                  {intl.formatMessage(messages.removeFromIdea, { name: tag.name })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.canUpdateStatus && addable.length > 0 ? (
        <form
          className="form form--inline"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (tagId) void change.run('add', tagId);
          }}
        >
          <div className="field field--select">
            <label className="field__label" htmlFor={pickerId}>
              {intl.formatMessage(messages.pick)}
            </label>
            <select
              id={pickerId}
              className="field__input field__select"
              value={tagId}
              onChange={(event) => setTagId(event.target.value)}
            >
              <option value="">{intl.formatMessage(messages.pickNone)}</option>
              {addable.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
          </div>
          <PendingButton
            type="submit"
            isPending={change.isPending}
            pendingLabel={intl.formatMessage(messages.addToIdea)}
          >
            {intl.formatMessage(messages.addToIdea)}
          </PendingButton>
        </form>
      ) : null}
      <ActionError failure={change.failure} />
    </ToolSection>
  );
}

import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { DeclineDetails_idea$key } from '../../../../../__generated__/DeclineDetails_idea.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { ideaLabel } from './decline-rules.ts';
import { declineReasonMessages } from './messages.ts';

const messages = defineMessages({
  title: { id: 'declineDetails.title', defaultMessage: 'Declined on {date}' },
  reason: { id: 'declineDetails.reason', defaultMessage: 'Reason: {reason}' },
  duplicateOf: { id: 'declineDetails.duplicateOf', defaultMessage: 'Duplicate of: {idea}' },
  notFound: { id: 'declineDetails.notFound', defaultMessage: 'Idea not found' },
});

/** Why and when an idea was declined, and of what it is a duplicate. */
export function DeclineDetails({
  idea,
  onOpenIdea,
}: {
  idea: DeclineDetails_idea$key;
  /** Opens the kept idea: "Duplicate of" is a link to it. */
  onOpenIdea?: (ideaId: string) => void;
}) {
  const intl = useIntl();
  const { declineDetails: details } = useFragment(
    graphql`
      fragment DeclineDetails_idea on Idea {
        declineDetails {
          reason
          comment
          declinedAt
          declinedDuplicateIdeaFound
          declinedDuplicateIdeaId
          declinedDuplicateIdeaTitle
        }
      }
    `,
    idea,
  );
  if (!details) return null;
  const reason = details.reason as keyof typeof declineReasonMessages;
  const keptId = details.declinedDuplicateIdeaFound ? details.declinedDuplicateIdeaId : null;
  const label =
    keptId && details.declinedDuplicateIdeaTitle
      ? ideaLabel({ id: keptId, title: details.declinedDuplicateIdeaTitle })
      : null;
  const duplicate =
    label === null ? (
      intl.formatMessage(messages.notFound)
    ) : keptId && onOpenIdea ? (
      <button type="button" className="link link-button" onClick={() => onOpenIdea(keptId)}>
        {label}
      </button>
    ) : (
      label
    );
  return (
    <div className="decline-details" role="note">
      <p className="decline-details__title">
        {intl.formatMessage(messages.title, {
          date: intl.formatDate(details.declinedAt, { dateStyle: 'medium' }),
        })}
      </p>
      <p>
        {intl.formatMessage(messages.reason, {
          reason: declineReasonMessages[reason]
            ? intl.formatMessage(declineReasonMessages[reason])
            : details.reason,
        })}
      </p>
      {details.reason === 'DUPLICATE' ? (
        <p>{intl.formatMessage(messages.duplicateOf, { idea: duplicate })}</p>
      ) : null}
      {details.comment ? <p className="decline-details__comment">{details.comment}</p> : null}
    </div>
  );
}

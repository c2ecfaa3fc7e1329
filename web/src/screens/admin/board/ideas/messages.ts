import { defineMessages } from '../../../../i18n/define-messages.ts';

/**
 * The one name of each status, wherever the console shows one: badges, the status menu, the
 * list filter, roadmap columns and the release's idea picker. The widget (`widget/src/i18n.ts`)
 * and the notification mails (`api/src/services/notification/notification-texts.ts`) use the
 * same words; `status-vocabulary.test.ts` holds the three together.
 */
export const statusMessages = defineMessages({
  NOT_PUBLIC: { id: 'idea.status.notPublic', defaultMessage: 'Awaiting acceptance' },
  OPEN: { id: 'idea.status.open', defaultMessage: 'Open' },
  REVIEW: { id: 'idea.status.review', defaultMessage: 'Under review' },
  PLANNED: { id: 'idea.status.planned', defaultMessage: 'Planned' },
  IN_PROGRESS: { id: 'idea.status.inProgress', defaultMessage: 'In progress' },
  COMPLETE: { id: 'idea.status.complete', defaultMessage: 'Complete' },
  DECLINED: { id: 'idea.status.declined', defaultMessage: 'Declined' },
});

/**
 * A rejected idea's one name (badge, filter, the queue's toasts, the bell): it is still
 * NOT_PUBLIC, but no longer awaits acceptance. Not "Declined", the DECLINED kind's name. The
 * widget tells its author the same words ('pending.rejected'), the mail too.
 */
export const rejectedMessage = defineMessages({
  rejected: { id: 'idea.status.rejected', defaultMessage: 'Not accepted' },
}).rejected;

/**
 * The list filter: every status by its one name, ALL, and the ideas rejected from the queue
 * (NOT_ACCEPTED), which ALL leaves out as it leaves out the declined ones.
 */
export const filterMessages = {
  ...defineMessages({
    ALL: { id: 'ideas.filter.all', defaultMessage: 'All (without declined or not accepted)' },
  }),
  ...statusMessages,
  NOT_ACCEPTED: rejectedMessage,
};

export const sortMessages = defineMessages({
  VOTES: { id: 'ideas.sort.votes', defaultMessage: 'Most votes' },
  VALUE: { id: 'ideas.sort.value', defaultMessage: 'Value (customer spend)' },
  STATUS: { id: 'ideas.sort.status', defaultMessage: 'Status' },
  DATE_DESC: { id: 'ideas.sort.dateDesc', defaultMessage: 'Newest first' },
  DATE_ASC: { id: 'ideas.sort.dateAsc', defaultMessage: 'Oldest first' },
});

export const declineReasonMessages = defineMessages({
  DUPLICATE: { id: 'decline.reason.duplicate', defaultMessage: 'Duplicate' },
  NOT_APPLICABLE: { id: 'decline.reason.notApplicable', defaultMessage: 'Not applicable' },
  NOT_RELEVANT: { id: 'decline.reason.notRelevant', defaultMessage: 'Not relevant' },
  OTHER: { id: 'decline.reason.other', defaultMessage: 'Other' },
});

export const ideaMessages = defineMessages({
  sample: { id: 'idea.sample', defaultMessage: 'Sample' },
  value: {
    id: 'idea.value',
    defaultMessage: 'Value {amount} a month',
  },
  title: { id: 'idea.field.title', defaultMessage: 'Title' },
  titleHint: { id: 'idea.field.titleHint', defaultMessage: '6 to 100 characters.' },
  description: { id: 'idea.field.description', defaultMessage: 'Description' },
  descriptionHint: {
    id: 'idea.field.descriptionHint',
    defaultMessage: 'Optional, 6 to 500 characters.',
  },
  vote: { id: 'idea.vote', defaultMessage: 'Vote for “{title}”' },
  unvote: { id: 'idea.unvote', defaultMessage: 'Remove your vote for “{title}”' },
  comments: {
    id: 'idea.comments',
    defaultMessage: '{count, plural, one {# comment} other {# comments}}',
  },
  votesLabel: { id: 'idea.votesLabel', defaultMessage: 'Votes:' },
  menu: { id: 'idea.menu', defaultMessage: 'Actions for “{title}”' },
  edit: { id: 'idea.edit', defaultMessage: 'Edit' },
  remove: { id: 'idea.remove', defaultMessage: 'Remove' },
  changeStatus: { id: 'idea.status.change', defaultMessage: 'Change status: {status}' },
  decline: { id: 'idea.decline', defaultMessage: 'Decline…' },
  removeTitle: { id: 'idea.remove.title', defaultMessage: 'Remove this idea?' },
  removeText: {
    id: 'idea.remove.text',
    defaultMessage: '“{title}” and its votes and comments will be gone for good.',
  },
  removedTitle: { id: 'toast.ideaRemoved.title', defaultMessage: 'Idea removed' },
  removedText: {
    id: 'toast.ideaRemoved.description',
    defaultMessage: 'Changed your mind? Ask the author to submit it again.',
  },
  addTitle: { id: 'idea.add.title', defaultMessage: 'Add an idea' },
  editTitle: { id: 'idea.edit.title', defaultMessage: 'Edit the idea' },
  addSubmit: { id: 'idea.add.submit', defaultMessage: 'Add idea' },
  saving: { id: 'idea.saving', defaultMessage: 'Saving…' },
});

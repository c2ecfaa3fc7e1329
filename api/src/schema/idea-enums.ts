import { builder } from './builder.ts';

export const IdeaStatusEnum = builder.enumType('IdeaStatus', {
  description: 'Where an idea is in the pipeline.',
  values: {
    NOT_PUBLIC: { description: 'Awaiting acceptance: seen only by admins and its author.' },
    OPEN: { description: 'Accepted and open for votes.' },
    REVIEW: { description: 'Under review.' },
    PLANNED: { description: 'Planned.' },
    IN_PROGRESS: { description: 'Being built.' },
    COMPLETE: { description: 'Shipped.' },
    DECLINED: { description: 'Declined with a reason (see declineDetails).' },
  } as const,
});

export const IdeaFilterEnum = builder.enumType('IdeaFilter', {
  description:
    'Which ideas a list shows: ALL hides DECLINED (and, for the team, ideas rejected from the queue); a status shows only that status; NOT_ACCEPTED the rejected ideas.',
  values: {
    ALL: {
      description:
        'Every status but DECLINED; the company’s team does not get the ideas rejected from the queue (see NOT_ACCEPTED).',
    },
    NOT_PUBLIC: { description: 'Only ideas awaiting acceptance.' },
    OPEN: { description: 'Only OPEN ideas.' },
    REVIEW: { description: 'Only REVIEW ideas.' },
    PLANNED: { description: 'Only PLANNED ideas.' },
    IN_PROGRESS: { description: 'Only IN_PROGRESS ideas.' },
    COMPLETE: { description: 'Only COMPLETE ideas.' },
    DECLINED: { description: 'Only DECLINED ideas.' },
    NOT_ACCEPTED: {
      description:
        'Only ideas rejected from the queue (NOT_PUBLIC with `rejectedAt`; the console calls them Not accepted). ALL leaves them out for the company’s team; anyone else sees only their own.',
    },
  } as const,
});

export const IdeaSortEnum = builder.enumType('IdeaSort', {
  description: 'The order of an idea list.',
  values: {
    VOTES: { description: 'Most votes first (the default).' },
    STATUS: {
      description:
        'By status: NOT_PUBLIC, OPEN, REVIEW, PLANNED, IN_PROGRESS, COMPLETE, DECLINED; most votes first within one.',
    },
    DATE_DESC: { description: 'Newest first.' },
    DATE_ASC: { description: 'Oldest first.' },
    VALUE: {
      description:
        'Most valuable first (Idea.value, then most votes). The company’s team only; anyone else is refused (FORBIDDEN).',
    },
  } as const,
});

export const DeclineReasonEnum = builder.enumType('DeclineReason', {
  description: 'Why an idea was declined.',
  values: {
    DUPLICATE: { description: 'Another idea of the board asks for the same thing.' },
    NOT_APPLICABLE: { description: 'Does not apply to the product.' },
    NOT_RELEVANT: { description: 'Not relevant now.' },
    OTHER: { description: 'Another reason (see the comment).' },
  } as const,
});

/** The decline modal's rules (spec sections 4 and 5), free of React so they can be tested alone. */

export const DECLINE_REASONS = ['DUPLICATE', 'NOT_APPLICABLE', 'NOT_RELEVANT', 'OTHER'] as const;
export type TDeclineReason = (typeof DECLINE_REASONS)[number];

export type TDeclineValues = {
  reason: TDeclineReason | '';
  duplicateOfIdeaId: string;
  mergeVotes: boolean;
  comment: string;
  /**
   * A DECLINED custom status of the board to show; '' for the status's own name; null until
   * the admin picks: the board's first (see pickedStatusId).
   */
  customStatusId: string | null;
};

export type TDeclineErrors = Partial<Record<'reason' | 'duplicateOfIdeaId', 'required'>>;

export const INITIAL_DECLINE_VALUES: TDeclineValues = {
  reason: '',
  duplicateOfIdeaId: '',
  mergeVotes: true,
  comment: '',
  customStatusId: null,
};

/**
 * The status a decline shows ('' for the status's own name): the admin's pick while it is still
 * one of the board's, else the board's first DECLINED status (none: the own name).
 */
export function pickedStatusId(picked: string | null, declined: readonly { id: string }[]): string {
  if (picked === '' || declined.some((status) => status.id === picked)) return picked ?? '';
  return declined[0]?.id ?? '';
}

export type TIdeaRef = { id: string; title: string };
export type TDuplicateOption = { id: string; label: string };

/**
 * The number shown after an idea's title. Global ids are base64 of "Idea:42" (Relay node ids):
 * the row number is what people recognise from the API and REST addresses.
 */
export function ideaNumber(globalId: string): string {
  try {
    const decoded = atob(globalId);
    const match = /^[A-Za-z]+:(.+)$/.exec(decoded);
    return match?.[1] ?? globalId;
  } catch {
    return globalId;
  }
}

/** "title (#id)". */
export function ideaLabel(idea: TIdeaRef): string {
  return `${idea.title} (#${ideaNumber(idea.id)})`;
}

/** Ideas the declined one may duplicate: every other idea, by title ignoring case. */
export function duplicateOptions(ideas: readonly TIdeaRef[], selfId: string): TDuplicateOption[] {
  return ideas
    .filter((idea) => idea.id !== selfId)
    .sort(
      (a, b) =>
        a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) ||
        a.title.toLowerCase().localeCompare(b.title.toLowerCase()) ||
        Number(ideaNumber(a.id)) - Number(ideaNumber(b.id)),
    )
    .map((idea) => ({ id: idea.id, label: ideaLabel(idea) }));
}

/** The label of a picked duplicate, or null when the idea is unknown ('Idea not found'). */
export function duplicateLabel(ideas: readonly TIdeaRef[], id: string): string | null {
  const idea = ideas.find((candidate) => candidate.id === id);
  return idea ? ideaLabel(idea) : null;
}

/** Whether the duplicate select and the merge-votes checkbox show. */
export function needsDuplicate(reason: TDeclineValues['reason']): boolean {
  return reason === 'DUPLICATE';
}

/** Reason is required; a duplicate is required only for DUPLICATE; the comment is optional. */
export function validateDecline(values: TDeclineValues): TDeclineErrors {
  const errors: TDeclineErrors = {};
  if (!values.reason) errors.reason = 'required';
  if (needsDuplicate(values.reason) && !values.duplicateOfIdeaId) {
    errors.duplicateOfIdeaId = 'required';
  }
  return errors;
}

/**
 * The mutation's variables: duplicate and merge only travel with DUPLICATE; the custom status
 * (null: the status's own name) with any reason.
 */
export function declineVariables(
  ideaId: string,
  values: TDeclineValues,
  declined: readonly { id: string }[] = [],
) {
  const comment = values.comment.trim();
  const isDuplicate = needsDuplicate(values.reason);
  const customStatusId = pickedStatusId(values.customStatusId, declined);
  return {
    ideaId,
    reason: values.reason as TDeclineReason,
    comment: comment === '' ? null : comment,
    duplicateOfIdeaId: isDuplicate ? values.duplicateOfIdeaId : null,
    mergeVotes: isDuplicate ? values.mergeVotes : false,
    customStatusId: customStatusId === '' ? null : customStatusId,
  };
}

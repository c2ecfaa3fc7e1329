import type { DeclineReason, IdeaStatus } from '../../generated/prisma/client.ts';

/** A mail in one language; `{{NAME}}` and `{{UNSUBSCRIBE_URL}}` are filled per recipient. */
export type TMailText = { subject: string; text: string };
export type TMailTexts = { en: TMailText; pl: TMailText };
export type TLang = keyof TMailTexts;

export const NAME = '{{NAME}}';
export const UNSUBSCRIBE_URL = '{{UNSUBSCRIBE_URL}}';

/**
 * Each status's one name, the same words as the console's and the widget's
 * (web/src/status-vocabulary.test.ts checks); mails quote it as a name.
 */
export const STATUS_LABELS: Record<TLang, Record<IdeaStatus, string>> = {
  en: {
    NOT_PUBLIC: 'Awaiting acceptance',
    OPEN: 'Open',
    REVIEW: 'Under review',
    PLANNED: 'Planned',
    IN_PROGRESS: 'In progress',
    COMPLETE: 'Complete',
    DECLINED: 'Declined',
  },
  pl: {
    NOT_PUBLIC: 'Oczekuje na akceptację',
    OPEN: 'Otwarty',
    REVIEW: 'W ocenie',
    PLANNED: 'Zaplanowany',
    IN_PROGRESS: 'W trakcie',
    COMPLETE: 'Ukończony',
    DECLINED: 'Odrzucony',
  },
};

const REASON: Record<TLang, Record<DeclineReason, string>> = {
  en: {
    DUPLICATE: 'a duplicate of another idea',
    NOT_APPLICABLE: 'not applicable',
    NOT_RELEVANT: 'not relevant',
    OTHER: 'other',
  },
  pl: {
    DUPLICATE: 'duplikat innego pomysłu',
    NOT_APPLICABLE: 'nie dotyczy',
    NOT_RELEVANT: 'nieistotny',
    OTHER: 'inny powód',
  },
};

const FOOTER: Record<TLang, (why: string) => string> = {
  en: (why) =>
    `\n--\n${why}\nStop these emails with one click: ${UNSUBSCRIBE_URL}\nor choose which ones you get in your profile settings.\n`,
  pl: (why) =>
    `\n--\n${why}\nWyłącz te wiadomości jednym kliknięciem: ${UNSUBSCRIBE_URL}\nalbo wybierz, które chcesz dostawać, w ustawieniach profilu.\n`,
};

/**
 * A calendar date (YYYY-MM-DD, as releases have) in the reader's language, the way the console
 * and the widget show it. Read and formatted in UTC so no time zone moves it to another day.
 */
export function formatCalendarDate(ymd: string, locale: string): string {
  const date = new Date(`${ymd}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return ymd;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const lines = (...parts: (string | false | null | undefined)[]) =>
  parts.filter((p): p is string => typeof p === 'string').join('\n');

export type TIdeaRef = { title: string; boardName: string; url: string | null };

export type TStatusChange = {
  idea: TIdeaRef;
  status: IdeaStatus;
  decline?: {
    reason: DeclineReason;
    comment: string | null;
    mergedInto: TIdeaRef | null;
    votesMoved: boolean;
  };
};

/** To voters and the author: the idea moved to another status (or was declined or merged). */
export function statusChangeTexts(change: TStatusChange): TMailTexts {
  const { idea, status, decline } = change;
  const en = (): TMailText => {
    const merged = decline?.mergedInto;
    return {
      subject: merged
        ? `"${idea.title}" was merged into "${merged.title}"`
        : `"${idea.title}": the status is now ${STATUS_LABELS.en[status]}`,
      text: lines(
        `Hi ${NAME},`,
        '',
        merged
          ? `The idea "${idea.title}" on ${idea.boardName} was merged into "${merged.title}".`
          : `The idea "${idea.title}" on ${idea.boardName} has a new status: ${STATUS_LABELS.en[status]}.`,
        decline && !merged && `Reason: ${REASON.en[decline.reason]}.`,
        decline?.comment && `Comment: ${decline.comment}`,
        merged && decline?.votesMoved && 'Your vote now counts for that idea.',
        merged?.url && `See it: ${merged.url}`,
        !merged && idea.url && `See it: ${idea.url}`,
        FOOTER.en('You get this because you submitted or voted for this idea.'),
      ),
    };
  };
  const pl = (): TMailText => {
    const merged = decline?.mergedInto;
    return {
      subject: merged
        ? `„${idea.title}” połączono z „${merged.title}”`
        : `„${idea.title}”: nowy status – ${STATUS_LABELS.pl[status]}`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        merged
          ? `Pomysł „${idea.title}” (${idea.boardName}) połączono z pomysłem „${merged.title}”.`
          : `Pomysł „${idea.title}” (${idea.boardName}) ma nowy status: ${STATUS_LABELS.pl[status]}.`,
        decline && !merged && `Powód: ${REASON.pl[decline.reason]}.`,
        decline?.comment && `Komentarz: ${decline.comment}`,
        merged && decline?.votesMoved && 'Twój głos liczy się teraz dla tamtego pomysłu.',
        merged?.url && `Zobacz: ${merged.url}`,
        !merged && idea.url && `Zobacz: ${idea.url}`,
        FOOTER.pl('Dostajesz tę wiadomość, bo zgłosiłeś ten pomysł lub na niego głosowałeś.'),
      ),
    };
  };
  return { en: en(), pl: pl() };
}

/** To voters of the ideas a release ships, when it is published. */
export function releaseTexts(release: {
  name: string;
  /** The release date, YYYY-MM-DD. */
  date: string;
  parts: string[];
  url: string | null;
}): TMailTexts {
  const list = release.parts.map((title) => `  • ${title}`);
  return {
    en: {
      subject: `Released: ${release.name}`,
      text: lines(
        `Hi ${NAME},`,
        '',
        `${release.name} (${formatCalendarDate(release.date, 'en-US')}) is out, with ideas you voted for:`,
        ...list,
        release.url && `\nRelease notes: ${release.url}`,
        FOOTER.en('You get this because you voted for an idea in this release.'),
      ),
    },
    pl: {
      subject: `Wydano: ${release.name}`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        `Wydanie ${release.name} (${formatCalendarDate(release.date, 'pl-PL')}) jest już dostępne i zawiera pomysły, na które głosowałeś:`,
        ...list,
        release.url && `\nInformacje o wydaniu: ${release.url}`,
        FOOTER.pl('Dostajesz tę wiadomość, bo głosowałeś na pomysł z tego wydania.'),
      ),
    },
  };
}

/** To the author: an admin commented on their idea. */
export function adminCommentTexts(comment: {
  idea: TIdeaRef;
  authorName: string;
  text: string;
}): TMailTexts {
  const { idea } = comment;
  return {
    en: {
      subject: `New comment on "${idea.title}"`,
      text: lines(
        `Hi ${NAME},`,
        '',
        `${comment.authorName} of the ${idea.boardName} team commented on your idea "${idea.title}":`,
        '',
        comment.text,
        idea.url && `\nReply: ${idea.url}`,
        FOOTER.en('You get this because you submitted this idea.'),
      ),
    },
    pl: {
      subject: `Nowy komentarz do „${idea.title}”`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        `${comment.authorName} z zespołu ${idea.boardName} skomentował Twój pomysł „${idea.title}”:`,
        '',
        comment.text,
        idea.url && `\nOdpowiedz: ${idea.url}`,
        FOOTER.pl('Dostajesz tę wiadomość, bo zgłosiłeś ten pomysł.'),
      ),
    },
  };
}

/** To the company's admins: an end user's idea awaits acceptance. */
export function awaitingTexts(submission: {
  idea: TIdeaRef;
  authorName: string;
  description: string | null;
}): TMailTexts {
  const { idea } = submission;
  return {
    en: {
      subject: `New idea awaiting acceptance: "${idea.title}"`,
      text: lines(
        `Hi ${NAME},`,
        '',
        `${submission.authorName} submitted "${idea.title}" on ${idea.boardName}. It is not public until you accept it.`,
        submission.description && `\n${submission.description}`,
        idea.url && `\nReview it: ${idea.url}`,
        FOOTER.en('You get this because you administer this board.'),
      ),
    },
    pl: {
      subject: `Nowy pomysł czeka na akceptację: „${idea.title}”`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        `${submission.authorName} zgłosił pomysł „${idea.title}” na tablicy ${idea.boardName}. Nie jest publiczny, dopóki go nie zaakceptujesz.`,
        submission.description && `\n${submission.description}`,
        idea.url && `\nPrzejrzyj: ${idea.url}`,
        FOOTER.pl('Dostajesz tę wiadomość, bo administrujesz tą tablicą.'),
      ),
    },
  };
}

/** To a mentioned user: someone wrote `@name` for them in a comment or an internal note. */
export function mentionTexts(mention: {
  idea: TIdeaRef;
  authorName: string;
  /** The comment as plain text (`@Name`, no ids). */
  text: string;
  isInternal: boolean;
}): TMailTexts {
  const { idea } = mention;
  return {
    en: {
      subject: `${mention.authorName} mentioned you on "${idea.title}"`,
      text: lines(
        `Hi ${NAME},`,
        '',
        mention.isInternal
          ? `${mention.authorName} mentioned you in an internal note on "${idea.title}" (${idea.boardName}):`
          : `${mention.authorName} mentioned you in a comment on "${idea.title}" (${idea.boardName}):`,
        '',
        mention.text,
        idea.url && `\nOpen: ${idea.url}`,
        FOOTER.en(
          'You get this because someone mentioned you. Mention mails can be turned off in your profile settings.',
        ),
      ),
    },
    pl: {
      subject: `${mention.authorName} wspomina o Tobie przy „${idea.title}”`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        mention.isInternal
          ? `${mention.authorName} wspomina o Tobie w notatce wewnętrznej do „${idea.title}” (${idea.boardName}):`
          : `${mention.authorName} wspomina o Tobie w komentarzu do „${idea.title}” (${idea.boardName}):`,
        '',
        mention.text,
        idea.url && `\nOtwórz: ${idea.url}`,
        FOOTER.pl(
          'Dostajesz tę wiadomość, bo ktoś o Tobie wspomniał. Wiadomości o wzmiankach wyłączysz w ustawieniach profilu.',
        ),
      ),
    },
  };
}

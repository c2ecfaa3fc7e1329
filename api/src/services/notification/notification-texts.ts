import type { DeclineReason, IdeaStatus } from '../../generated/prisma/client.ts';

/** A mail in one language; `{{NAME}}` and `{{UNSUBSCRIBE_URL}}` are filled per recipient. */
export type TMailText = { subject: string; text: string };
export type TMailTexts = { en: TMailText; pl: TMailText };
export type TLang = keyof TMailTexts;

export const NAME = '{{NAME}}';
/** The company whose board the mail is about, filled when queued (enqueueNotifications). */
export const COMPANY = '{{COMPANY}}';
export const UNSUBSCRIBE_URL = '{{UNSUBSCRIBE_URL}}';
/**
 * Where the reader chooses their mails, filled per recipient when queued (enqueueNotifications):
 * the team in the console's profile settings, an end user (who has no console) under "Email
 * notifications" on the board, in its widget or portal.
 */
export const PREFERENCES_PLACE = '{{PREFERENCES_PLACE}}';

/** Where a release mail lists the recipient's own ideas it completed, filled when queued. */
export const COMPLETED_IDEAS = '{{COMPLETED_IDEAS}}';

export const PREFERENCES_PLACES: Record<TLang, { team: string; endUser: string }> = {
  en: {
    team: 'in your profile settings',
    endUser: 'under "Email notifications" on the board (in its widget or portal)',
  },
  pl: {
    team: 'w ustawieniach profilu',
    endUser: 'na tablicy (w sekcji \u201ePowiadomienia e-mail\u201d w wid\u017cecie lub portalu)',
  },
};

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

/**
 * How a mail to a board's end users is signed: by the company whose board it is (their From
 * says "<company> via Feedboard"), not by Feedboard.
 */
const SIGNATURE: Record<TLang, string> = {
  en: `\nThe ${COMPANY} team`,
  pl: `\nZespół ${COMPANY}`,
};

const FOOTER: Record<TLang, (why: string) => string> = {
  en: (why) =>
    `\n--\n${why}\nStop these emails with one click: ${UNSUBSCRIBE_URL}\nor choose which ones you get ${PREFERENCES_PLACE}.\n`,
  pl: (why) =>
    `\n--\n${why}\nWyłącz te wiadomości jednym kliknięciem: ${UNSUBSCRIBE_URL}\nalbo wybierz, które chcesz dostawać, ${PREFERENCES_PLACE}.\n`,
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
  /** The board's own name for the status (a custom status), else the kind's (STATUS_LABELS). */
  statusName?: Record<TLang, string>;
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
  const name = change.statusName ?? { en: STATUS_LABELS.en[status], pl: STATUS_LABELS.pl[status] };
  const en = (): TMailText => {
    const merged = decline?.mergedInto;
    return {
      subject: merged
        ? `"${idea.title}" was merged into "${merged.title}"`
        : `"${idea.title}": the status is now ${name.en}`,
      text: lines(
        `Hi ${NAME},`,
        '',
        merged
          ? `The idea "${idea.title}" on ${idea.boardName} was merged into "${merged.title}".`
          : `The idea "${idea.title}" on ${idea.boardName} has a new status: ${name.en}.`,
        decline && !merged && `Reason: ${REASON.en[decline.reason]}.`,
        decline?.comment && `Comment: ${decline.comment}`,
        merged && decline?.votesMoved && 'Your vote now counts for that idea.',
        merged?.url && `See it: ${merged.url}`,
        !merged && idea.url && `See it: ${idea.url}`,
        SIGNATURE.en,
        FOOTER.en('You get this because you submitted or voted for this idea.'),
      ),
    };
  };
  const pl = (): TMailText => {
    const merged = decline?.mergedInto;
    return {
      subject: merged
        ? `„${idea.title}” połączono z „${merged.title}”`
        : `„${idea.title}”: nowy status – ${name.pl}`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        merged
          ? `Pomysł „${idea.title}” (${idea.boardName}) połączono z pomysłem „${merged.title}”.`
          : `Pomysł „${idea.title}” (${idea.boardName}) ma nowy status: ${name.pl}.`,
        decline && !merged && `Powód: ${REASON.pl[decline.reason]}.`,
        decline?.comment && `Komentarz: ${decline.comment}`,
        merged && decline?.votesMoved && 'Twój głos liczy się teraz dla tamtego pomysłu.',
        merged?.url && `Zobacz: ${merged.url}`,
        !merged && idea.url && `Zobacz: ${idea.url}`,
        SIGNATURE.pl,
        FOOTER.pl('Dostajesz tę wiadomość, bo to Twój pomysł lub oddano na niego Twój głos.'),
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
  /** The start of the release's notes as plain text (no Markdown), or '' without notes. */
  notes?: string;
  url: string | null;
}): TMailTexts {
  const list = release.parts.map((title) => `  • ${title}`);
  const notes = release.notes ? `\n${release.notes}` : null;
  return {
    en: {
      subject: `Released: ${release.name}`,
      text: lines(
        `Hi ${NAME},`,
        '',
        `${release.name} (${formatCalendarDate(release.date, 'en-US')}) is out, with ideas you voted for:`,
        `${list.join('\n')}${COMPLETED_IDEAS}`,
        notes,
        release.url && `\nRelease notes: ${release.url}`,
        SIGNATURE.en,
        FOOTER.en('You get this because you voted for an idea in this release.'),
      ),
    },
    pl: {
      subject: `Wydano: ${release.name}`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        `Wydanie ${release.name} (${formatCalendarDate(release.date, 'pl-PL')}) jest już dostępne i zawiera pomysły, które mają Twój głos:`,
        `${list.join('\n')}${COMPLETED_IDEAS}`,
        notes,
        release.url && `\nInformacje o wydaniu: ${release.url}`,
        SIGNATURE.pl,
        FOOTER.pl('Dostajesz tę wiadomość, bo pomysł z tego wydania ma Twój głos.'),
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
        SIGNATURE.en,
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
        SIGNATURE.pl,
        FOOTER.pl('Dostajesz tę wiadomość, bo to Twój pomysł.'),
      ),
    },
  };
}

/** To the team, one mail per idea (EACH): someone submitted an idea. */
export function newIdeaTexts(submission: {
  idea: TIdeaRef;
  authorName: string;
  description: string | null;
  /** Waiting in the moderation queue (else already public to the board's readers). */
  isAwaiting: boolean;
}): TMailTexts {
  const { idea, isAwaiting } = submission;
  return {
    en: {
      subject: isAwaiting
        ? `New idea awaiting acceptance: "${idea.title}"`
        : `New idea: "${idea.title}"`,
      text: lines(
        `Hi ${NAME},`,
        '',
        isAwaiting
          ? `${submission.authorName} submitted "${idea.title}" on ${idea.boardName}. It is not public until you accept it.`
          : `${submission.authorName} submitted "${idea.title}" on ${idea.boardName}.`,
        submission.description && `\n${submission.description}`,
        idea.url && (isAwaiting ? `\nReview it: ${idea.url}` : `\nOpen it: ${idea.url}`),
        FOOTER.en(NEW_IDEA_WHY.en),
      ),
    },
    pl: {
      subject: isAwaiting
        ? `Nowy pomysł czeka na akceptację: „${idea.title}”`
        : `Nowy pomysł: „${idea.title}”`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        isAwaiting
          ? `${submission.authorName} zgłosił pomysł „${idea.title}” na tablicy ${idea.boardName}. Nie jest publiczny, dopóki go nie zaakceptujesz.`
          : `${submission.authorName} zgłosił pomysł „${idea.title}” na tablicy ${idea.boardName}.`,
        submission.description && `\n${submission.description}`,
        idea.url && (isAwaiting ? `\nPrzejrzyj: ${idea.url}` : `\nOtwórz: ${idea.url}`),
        FOOTER.pl(NEW_IDEA_WHY.pl),
      ),
    },
  };
}

const NEW_IDEA_WHY: Record<TLang, string> = {
  en: 'You get this because you are on the team. Choose a mail per idea, a daily digest or none in your profile settings.',
  pl: 'Dostajesz tę wiadomość, bo należysz do zespołu. W ustawieniach profilu wybierzesz wiadomość o każdym pomyśle, dzienne podsumowanie albo brak wiadomości.',
};

const POLISH_PLURALS = new Intl.PluralRules('pl-PL');

/** The Polish word for `n` of something, by CLDR's plural rules (1; 2-4, 22-24…; the rest). */
function polishForm(n: number, forms: { one: string; few: string; many: string }): string {
  const category = POLISH_PLURALS.select(n);
  return category === 'one' ? forms.one : category === 'few' ? forms.few : forms.many;
}

/** How many ideas a digest lists by name; the rest are counted ("and N more"). */
export const DIGEST_LIST_CAP = 20;

/** To a team member whose new-idea mail is DIGEST: the ideas submitted on one (UTC) day. */
export function newIdeaDigestTexts(digest: {
  /** The day, YYYY-MM-DD. */
  day: string;
  /** How many ideas the day brought (the list may hold only the first of them). */
  total: number;
  /** Newest last; at most DIGEST_LIST_CAP are listed. */
  ideas: (TIdeaRef & { authorName: string; isAwaiting: boolean })[];
  /** Where all of them are (the moderation queue). */
  moreUrl: string;
}): TMailTexts {
  const shown = digest.ideas.slice(0, DIGEST_LIST_CAP);
  const count = Math.max(digest.total, shown.length);
  const more = count - shown.length;
  const item = (lang: TLang) => (idea: (typeof shown)[number]) =>
    lines(
      `  • ${idea.title} (${idea.boardName}, ${idea.authorName})${
        idea.isAwaiting ? (lang === 'en' ? ' – awaiting acceptance' : ' – czeka na akceptację') : ''
      }`,
      idea.url && `    ${idea.url}`,
    );
  const plIdeas = (n: number) =>
    polishForm(n, { one: 'nowy pomysł', few: 'nowe pomysły', many: 'nowych pomysłów' });
  const plMore = (n: number) =>
    `jeszcze ${n} ${polishForm(n, { one: 'pomysł', few: 'pomysły', many: 'pomysłów' })}`;
  return {
    en: {
      subject: `${count} new idea${count === 1 ? '' : 's'} on ${formatCalendarDate(digest.day, 'en-US')}`,
      text: lines(
        `Hi ${NAME},`,
        '',
        `Ideas submitted on ${formatCalendarDate(digest.day, 'en-US')}:`,
        '',
        ...shown.map(item('en')),
        more > 0 && `\n…and ${more} more: ${digest.moreUrl}`,
        FOOTER.en(NEW_IDEA_WHY.en),
      ),
    },
    pl: {
      subject: `${count} ${plIdeas(count)} – ${formatCalendarDate(digest.day, 'pl-PL')}`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        `Pomysły zgłoszone ${formatCalendarDate(digest.day, 'pl-PL')}:`,
        '',
        ...shown.map(item('pl')),
        more > 0 && `\n…i ${plMore(more)}: ${digest.moreUrl}`,
        FOOTER.pl(NEW_IDEA_WHY.pl),
      ),
    },
  };
}

/** To the author: the team rejected their idea from the moderation queue, with a reason. */
export function rejectionTexts(rejection: { idea: TIdeaRef; reason: string }): TMailTexts {
  const { idea } = rejection;
  return {
    en: {
      subject: `"${idea.title}" was not accepted`,
      text: lines(
        `Hi ${NAME},`,
        '',
        `Thank you for submitting "${idea.title}" on ${idea.boardName}. The team decided not to publish it.`,
        '',
        `Their reason: ${rejection.reason}`,
        '',
        'You can still see it, with this reason, among your submitted ideas on the board.',
        SIGNATURE.en,
        FOOTER.en('You get this because you submitted this idea.'),
      ),
    },
    pl: {
      subject: `„${idea.title}” nie został przyjęty`,
      text: lines(
        `Cześć ${NAME},`,
        '',
        `Dziękujemy za zgłoszenie pomysłu „${idea.title}” na tablicy ${idea.boardName}. Zespół postanowił go nie publikować.`,
        '',
        `Uzasadnienie: ${rejection.reason}`,
        '',
        'Wciąż widzisz go, z tym uzasadnieniem, wśród swoich zgłoszonych pomysłów na tablicy.',
        SIGNATURE.pl,
        FOOTER.pl('Dostajesz tę wiadomość, bo to Twój pomysł.'),
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

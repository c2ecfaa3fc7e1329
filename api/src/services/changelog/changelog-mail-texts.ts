/**
 * The changelog's mails in both languages: the double opt-in confirmation and the release
 * announcement. Values are plain text (mails are text/plain).
 */
export type TChangelogMailLanguage = 'en' | 'pl';

export const mailLanguageOf = (language: string): TChangelogMailLanguage =>
  language.toLowerCase().startsWith('pl') ? 'pl' : 'en';

/** How long a confirmation link works. */
export const CHANGELOG_CONFIRM_TTL_HOURS = 48;

export function confirmationMail(
  language: TChangelogMailLanguage,
  v: { company: string; email: string; link: string },
): { subject: string; text: string } {
  if (language === 'pl') {
    return {
      subject: `Potwierdź subskrypcję dziennika zmian: ${v.company}`,
      text: `Dzień dobry,\n\nktoś (mamy nadzieję, że Ty) poprosił o wysyłanie informacji o nowych wydaniach ${v.company} na adres ${v.email}. Aby je otrzymywać, otwórz ten link (działa przez ${CHANGELOG_CONFIRM_TTL_HOURS} godziny) i naciśnij „Potwierdź subskrypcję”:\n\n${v.link}\n\nJeśli to nie Ty, zignoruj tę wiadomość: bez potwierdzenia nic więcej nie przyjdzie.\n`,
    };
  }
  return {
    subject: `Confirm your subscription to the ${v.company} changelog`,
    text: `Hello,\n\nsomeone (we hope you) asked for ${v.company}'s release notes to be mailed to ${v.email}. To get them, open this link (it works for ${CHANGELOG_CONFIRM_TTL_HOURS} hours) and press "Confirm subscription":\n\n${v.link}\n\nIf this was not you, ignore this message: without a confirmation nothing more will come.\n`,
  };
}

/** Where the subscriber's own unsubscribe link goes in a queued release mail's text. */
export const UNSUBSCRIBE_LINK = '{{changelog-unsubscribe-url}}';

export function releaseMail(
  language: TChangelogMailLanguage,
  v: {
    company: string;
    name: string;
    date: string;
    summary: string;
    parts: string[];
    link: string;
  },
): { subject: string; text: string } {
  const summary = v.summary ? `\n${v.summary}\n` : '';
  if (language === 'pl') {
    const parts = v.parts.length
      ? `\nW tym wydaniu:\n${v.parts.map((p) => `- ${p}`).join('\n')}\n`
      : '';
    return {
      subject: `${v.company}: nowe wydanie ${v.name}`,
      text: `Nowe wydanie ${v.name} od ${v.company} (${v.date}).\n${summary}${parts}\nCałość: ${v.link}\n\n--\nTa wiadomość przychodzi, bo ten adres zapisano na dziennik zmian ${v.company}. Wypisz się jednym kliknięciem: ${UNSUBSCRIBE_LINK}\n`,
    };
  }
  const parts = v.parts.length
    ? `\nIn this release:\n${v.parts.map((p) => `- ${p}`).join('\n')}\n`
    : '';
  return {
    subject: `${v.company}: release ${v.name}`,
    text: `${v.company} published release ${v.name} (${v.date}).\n${summary}${parts}\nRead it all: ${v.link}\n\n--\nYou get this because you subscribed to the ${v.company} changelog. Unsubscribe with one click: ${UNSUBSCRIBE_LINK}\n`,
  };
}

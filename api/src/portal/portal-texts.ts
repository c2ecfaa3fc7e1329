import type { DeclineReason } from '../generated/prisma/client.ts';
import { CATALOGUES, translator } from '../../../widget/src/i18n.ts';
import type { TLocale } from '../../../widget/src/i18n.ts';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The portal's own words, one table per language (every key in both: portal-texts.test.ts).
 * Words the widget already has (statuses, votes, comments) come from the widget's catalogue, so
 * a status has one name on every surface (status-vocabulary.test.ts).
 */
export const PORTAL_TEXTS = {
  en: {
    skipToContent: 'Skip to content',
    breadcrumb: 'You are here',
    boardsTitle: 'Boards',
    boardsIntro: 'Share ideas, vote for what matters to you and follow what {company} builds.',
    boardsEmpty: 'No public boards yet. Come back soon!',
    ideaCount: '{count, plural, one {# idea} other {# ideas}}',
    topIdeas: 'Most voted ideas',
    noIdeas: 'No ideas yet. Be the first to add one!',
    postedBy: 'Posted by {name} on {date}',
    formerUser: 'a former user',
    votes: '{count, plural, one {# vote} other {# votes}}',
    comments: '{count, plural, one {# comment} other {# comments}}',
    commentBy: '{name} on {date}',
    commentsPages: 'More comments',
    newerComments: 'Earlier comments (page {page})',
    olderComments: 'More comments (page {page})',
    declinedTitle: 'Why this idea was declined',
    declinedBecause: 'Declined on {date}: {reason}',
    duplicateOf: 'It is a duplicate of {link}: votes go there.',
    mergedTitle: 'Merged into another idea',
    mergedInto: 'Merged into {link} on {date}: its votes go there.',
    mergedElsewhere: 'Merged into another idea on {date}.',
    notFoundTitle: 'Page not found',
    notFoundText: 'This page does not exist, or it is not public.',
    notFoundHome: 'Go to the portal of {company}',
    openBoard: 'Vote and comment on the board',
    poweredBy: 'Powered by Feedboard',
    navLabel: 'Portal',
    navBoards: 'Boards',
    navRoadmap: 'Roadmap',
    navChangelog: 'Changelog',
    roadmapTitle: 'Roadmap',
    roadmapIntro: 'What {company} plans, builds and has finished, from its public boards.',
    roadmapColumnEmpty: 'Nothing here yet.',
    roadmapBoard: 'On {board}',
    changelogTitle: 'Changelog',
    changelogIntro: 'What {company} has shipped, newest first.',
    changelogEmpty: 'No releases yet. Come back soon!',
    releaseParts: 'In this release',
    releaseLabels: 'Labels',
    labelNEW: 'New',
    labelIMPROVED: 'Improved',
    labelFIXED: 'Fixed',
    olderReleases: 'Older releases',
    newerReleases: 'Newer releases',
    allReleases: 'All releases',
    pageTitle: '{title} · page {page}',
    feedLink: 'Follow with a feed reader (Atom)',
    feedTitle: '{company} changelog',
    subscribeTitle: 'Get release notes by email',
    subscribeIntro:
      'We mail you when {company} publishes a release. Every mail has a one-click unsubscribe link.',
    subscribeEmail: 'Email address',
    subscribeButton: 'Subscribe',
    subscribeSent:
      'Almost done: check your inbox and open the link we sent to confirm your subscription.',
    subscribeInvalid: 'Enter a valid email address.',
    subscribeLimited: 'Too many requests for now. Try again in an hour.',
    confirmTitle: 'Confirm your subscription?',
    confirmText: 'Press the button to get the release notes of {company} by email.',
    confirmButton: 'Confirm subscription',
    confirmedTitle: 'You are subscribed',
    confirmedText: 'We will mail you when {company} publishes a release.',
    linkBadTitle: 'This link does not work',
    confirmBadText:
      'The link is not valid, was used already or has expired (links work for 48 hours). Subscribe again on the changelog.',
    unsubscribeTitle: 'Stop release emails?',
    unsubscribeText: 'You will no longer get the release notes of {company} by email.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText:
      'No more release emails from {company}. You can subscribe again on the changelog at any time.',
    unsubscribeBadText: 'The unsubscribe link is not valid (it may have been cut short).',
    backToChangelog: 'Go to the changelog',
    backToWebsite: '{company} website',
  },
  pl: {
    skipToContent: 'Przejdź do treści',
    breadcrumb: 'Jesteś tutaj',
    boardsTitle: 'Tablice',
    boardsIntro:
      'Dziel się pomysłami, głosuj na to, co dla Ciebie ważne, i śledź, co buduje {company}.',
    boardsEmpty: 'Nie ma jeszcze publicznych tablic. Zajrzyj wkrótce!',
    ideaCount:
      '{count, plural, one {# pomysł} few {# pomysły} many {# pomysłów} other {# pomysłu}}',
    topIdeas: 'Najwyżej oceniane pomysły',
    noIdeas: 'Nie ma jeszcze pomysłów. Dodaj pierwszy!',
    postedBy: 'Dodał(a) {name}, {date}',
    formerUser: 'były użytkownik',
    votes: '{count, plural, one {# głos} few {# głosy} many {# głosów} other {# głosu}}',
    comments:
      '{count, plural, one {# komentarz} few {# komentarze} many {# komentarzy} other {# komentarza}}',
    commentBy: '{name}, {date}',
    commentsPages: 'Więcej komentarzy',
    newerComments: 'Wcześniejsze komentarze (strona {page})',
    olderComments: 'Więcej komentarzy (strona {page})',
    declinedTitle: 'Dlaczego ten pomysł odrzucono',
    declinedBecause: 'Odrzucony {date}: {reason}',
    duplicateOf: 'To duplikat pomysłu {link}: głosy trafiają tam.',
    mergedTitle: 'Połączono z innym pomysłem',
    mergedInto: 'Połączono z pomysłem {link} {date}: jego głosy trafiają tam.',
    mergedElsewhere: 'Połączono z innym pomysłem {date}.',
    notFoundTitle: 'Nie znaleziono strony',
    notFoundText: 'Ta strona nie istnieje albo nie jest publiczna.',
    notFoundHome: 'Przejdź do portalu {company}',
    openBoard: 'Głosuj i komentuj na tablicy',
    poweredBy: 'Działa dzięki Feedboard',
    navLabel: 'Portal',
    navBoards: 'Tablice',
    navRoadmap: 'Roadmapa',
    navChangelog: 'Dziennik zmian',
    roadmapTitle: 'Roadmapa',
    roadmapIntro: 'Co {company} planuje, buduje i ma już gotowe: pomysły z publicznych tablic.',
    roadmapColumnEmpty: 'Na razie nic tu nie ma.',
    roadmapBoard: 'Tablica: {board}',
    changelogTitle: 'Dziennik zmian',
    changelogIntro: 'Zmiany wprowadzone przez {company}, od najnowszych.',
    changelogEmpty: 'Nie ma jeszcze żadnych wydań. Zajrzyj wkrótce!',
    releaseParts: 'W tym wydaniu',
    releaseLabels: 'Etykiety',
    labelNEW: 'Nowe',
    labelIMPROVED: 'Ulepszone',
    labelFIXED: 'Naprawione',
    olderReleases: 'Starsze wydania',
    newerReleases: 'Nowsze wydania',
    allReleases: 'Wszystkie wydania',
    pageTitle: '{title} · strona {page}',
    feedLink: 'Obserwuj w czytniku kanałów (Atom)',
    feedTitle: 'Dziennik zmian: {company}',
    subscribeTitle: 'Otrzymuj informacje o wydaniach e-mailem',
    subscribeIntro:
      'Napiszemy, gdy {company} opublikuje nowe wydanie. Każda wiadomość ma link do wypisania się jednym kliknięciem.',
    subscribeEmail: 'Adres e-mail',
    subscribeButton: 'Subskrybuj',
    subscribeSent:
      'Prawie gotowe: sprawdź skrzynkę i otwórz link z wiadomości, aby potwierdzić subskrypcję.',
    subscribeInvalid: 'Podaj prawidłowy adres e-mail.',
    subscribeLimited: 'Zbyt wiele prób. Spróbuj ponownie za godzinę.',
    confirmTitle: 'Potwierdzić subskrypcję?',
    confirmText: 'Naciśnij przycisk, aby otrzymywać e-mailem informacje o wydaniach {company}.',
    confirmButton: 'Potwierdź subskrypcję',
    confirmedTitle: 'Subskrypcja potwierdzona',
    confirmedText: 'Napiszemy, gdy {company} opublikuje nowe wydanie.',
    linkBadTitle: 'Ten link nie działa',
    confirmBadText:
      'Link jest nieprawidłowy, został już użyty albo wygasł (działa przez 48 godzin). Zapisz się ponownie w dzienniku zmian.',
    unsubscribeTitle: 'Wyłączyć e-maile o wydaniach?',
    unsubscribeText: 'Nie będziesz już otrzymywać e-mailem informacji o wydaniach {company}.',
    unsubscribeButton: 'Wypisz mnie',
    unsubscribedTitle: 'Wypisano Cię z listy',
    unsubscribedText:
      'Nie dostaniesz już e-maili o wydaniach {company}. W każdej chwili możesz zapisać się ponownie w dzienniku zmian.',
    unsubscribeBadText: 'Link do wypisania się jest nieprawidłowy (mógł zostać ucięty).',
    backToChangelog: 'Przejdź do dziennika zmian',
    backToWebsite: 'Strona firmy {company}',
  },
} as const;

export type TPortalTextId = keyof (typeof PORTAL_TEXTS)['en'];

export const DECLINE_REASONS: Record<TLocale, Record<DeclineReason, string>> = {
  en: {
    DUPLICATE: 'a duplicate of another idea',
    NOT_APPLICABLE: 'not applicable',
    NOT_RELEVANT: 'not relevant',
    OTHER: 'another reason',
  },
  pl: {
    DUPLICATE: 'duplikat innego pomysłu',
    NOT_APPLICABLE: 'nie dotyczy',
    NOT_RELEVANT: 'nieistotny',
    OTHER: 'inny powód',
  },
};

const MESSAGE_LOCALES: Record<TLocale, string> = { en: 'en-US', pl: 'pl-PL' };

/**
 * A translator for one language: the portal's ICU messages (plurals by the language's rules)
 * and the widget's catalogue. Values are text: the caller escapes the result.
 */
export function portalTranslator(locale: TLocale) {
  const formats = new Map<TPortalTextId, IntlMessageFormat>();
  const t = (id: TPortalTextId, values: Record<string, string | number> = {}): string => {
    let format = formats.get(id);
    if (!format) {
      format = new IntlMessageFormat(PORTAL_TEXTS[locale][id], MESSAGE_LOCALES[locale]);
      formats.set(id, format);
    }
    return String(format.format(values));
  };
  return { t, widget: translator(locale), locale, dateLocale: MESSAGE_LOCALES[locale] };
}

export type TPortalTranslator = ReturnType<typeof portalTranslator>;

/** The interface language: the visitor's choice of ours (Accept-Language), else `fallback`. */
export function portalLocale(acceptLanguage: string | undefined, fallback: TLocale): TLocale {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const known = wanted.find((entry) => entry.tag in CATALOGUES);
  return known ? (known.tag as TLocale) : fallback;
}

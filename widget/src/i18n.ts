/**
 * The widget's messages, one catalogue per language (the console's discipline: every id in
 * both, dotted ids, `{name}` placeholders). The board's language picks the catalogue.
 */
export const en = {
  'nav.ideas': 'Ideas',
  'nav.roadmap': 'Roadmap',
  'nav.releases': 'Releases',
  'nav.label': 'Board sections',
  loading: 'Loading…',
  'error.load': 'The board could not be loaded just now.',
  'error.tryAgain': 'Try again',
  'loading.busy': 'The server is busy for a moment. Trying again…',
  'error.notFound': 'This board does not exist or is not public.',
  'error.generic': 'Sorry, something went wrong. Please try again.',
  'error.inactive': 'This board is read-only for now.',
  // Visitors see no technical reason: the company's admins find it with the widget tab's token
  // checker in the console.
  'sso.refused':
    'We could not sign you in automatically, so for now you can only read this board. Reload the page to try again; if it keeps happening, please tell the team that runs this site.',
  'sso.refusedPrivate':
    'We could not sign you in automatically, so this board cannot be shown. Reload the page to try again; if it keeps happening, please tell the team that runs this site.',
  'auth.signedInAs': 'Signed in as {name}',
  'auth.readOnly': 'Sign in to vote, add ideas and comment.',
  'auth.otherCompany': 'You are signed in to another company: this board is read-only for you.',
  'auth.blocked':
    'Your account is blocked on this board: you can read it, but not vote, comment or add ideas.',
  'auth.ssoOnly': 'To vote, add ideas and comment, sign in on {company}’s site.',
  'auth.unconfirmed':
    'Your email address awaits confirmation: open the link we mailed you, then vote, add ideas and comment.',
  'private.sso': 'This board is private. Sign in on {company}’s site to see it.',
  'private.closed': 'This board is private: only the people {company} lets in can see it.',
  'private.emailSignIn':
    'If {company} has opened this board to your email address, sign in to see it.',
  'private.unconfirmed':
    'Your email address awaits confirmation: open the link we mailed you, then reload this page to see the board.',
  'private.notForYou': 'You are signed in, but {company} has not opened this board to you.',
  'private.ssoOnly':
    'This board is for {company}’s signed-in users: sign in on {company}’s site to see it. Confirming an email address does not open it.',
  'auth.signIn': 'Sign in',
  'auth.signUp': 'Sign up',
  'auth.signOut': 'Sign out',
  'auth.email': 'Email',
  'auth.password': 'Password',
  'auth.name': 'Your name',
  'auth.submitSignIn': 'Sign in',
  'auth.submitSignUp': 'Create account',
  'auth.failed':
    'Sorry, something went wrong. Please, make sure you typed proper credentials or try again later',
  'auth.cancel': 'Cancel',
  'auth.toVote': 'Sign in or create an account to vote.',
  'auth.termsBefore': 'By creating an account you agree to',
  'auth.termsLink': '{company}’s terms of use',
  'auth.forgot': 'Forgot your password?',
  'forgot.title': 'Reset your password',
  'forgot.intro':
    'Enter the email you signed up with on this board: we will mail you a link to choose a new password.',
  'forgot.submit': 'Send link',
  'forgot.sending': 'Sending…',
  // The route's answer, in the board's language: the same whether or not the address has an account.
  'forgot.sent': 'If an account uses this email, a link to choose a new password is on its way.',
  'forgot.hint':
    'The link works once, for one hour. After choosing the new password, come back here and sign in with it.',
  'forgot.back': 'Back to sign in',
  'list.sort': 'Sort',
  'list.filter': 'Filter',
  'list.search': 'Search',
  'list.tag': 'Tag',
  'sort.VOTES': 'Most votes',
  'sort.STATUS': 'Status',
  'sort.DATE_DESC': 'Newest',
  'sort.DATE_ASC': 'Oldest',
  'filter.ALL': 'All',
  'tag.ALL': 'All tags',
  // The statuses' one name each, as in the console and the mails (status-vocabulary.test.ts).
  'status.NOT_PUBLIC': 'Awaiting acceptance',
  'status.OPEN': 'Open',
  'status.REVIEW': 'Under review',
  'status.PLANNED': 'Planned',
  'status.IN_PROGRESS': 'In progress',
  'status.COMPLETE': 'Complete',
  'status.DECLINED': 'Declined',
  'list.empty': 'No ideas yet — be the first to share one.',
  'list.emptyReadOnly': 'No ideas yet.',
  'list.emptySearch': 'No ideas match “{search}”. Try other words, or show all ideas.',
  'list.emptyStatus': 'No ideas are “{status}” right now. Show all ideas to see the others.',
  'list.emptyTag': 'No ideas carry this tag yet. Show all ideas to see the others.',
  'list.showAll': 'Show all ideas',
  'list.more': 'Show more',
  'list.add': 'Add an idea',
  // ICU plurals (`{count, plural, one {…} other {…}}`, Polish also few and many), as the portal's.
  'idea.votes': '{count, plural, one {# vote} other {# votes}}',
  // The vote button's name: the same whether or not it is pressed (aria-pressed says that).
  'idea.vote': 'Vote for {title}, {count, plural, one {# vote} other {# votes}}',
  'idea.comments': '{count, plural, one {# comment} other {# comments}}',
  'idea.by': 'by {name}',
  'idea.anonymous': 'a former user',
  'idea.back': 'Back to ideas',
  'idea.declined': 'Declined: {reason}',
  'idea.mergedInto': 'Merged into',
  'idea.quoted': '“{title}”',
  'idea.mergedElsewhere': 'Merged into another idea',
  'reason.DUPLICATE': 'a duplicate of another idea',
  'reason.NOT_APPLICABLE': 'not applicable',
  'reason.NOT_RELEVANT': 'not relevant',
  'reason.OTHER': 'other',
  'importance.label': 'How much do you need this?',
  'importance.none': 'Not said',
  'importance.NICE_TO_HAVE': 'Nice to have',
  'importance.IMPORTANT': 'Important',
  'importance.MUST_HAVE': 'Must have',
  'comments.title': 'Comments',
  'comments.empty': 'No comments yet.',
  'comments.label': 'Your comment',
  'comments.submit': 'Comment',
  'comments.reply': 'Reply',
  'comments.replyTo': 'Reply to {name}',
  'comments.replyLabel': 'Your reply',
  'comments.replySubmit': 'Send reply',
  'comments.replyCancel': 'Cancel',
  'comments.replies': 'Replies to {name}',
  'comments.internal': 'Internal note',
  'comments.team': 'Team',
  'submit.title': 'Add an idea',
  'submit.titleLabel': 'Title',
  'submit.descriptionLabel': 'Description (optional)',
  'submit.submit': 'Submit idea',
  'submit.cancel': 'Cancel',
  'submit.similar': 'Similar ideas: vote for one instead of adding a duplicate',
  'submit.thanks': 'Thank you! Your idea will be visible to others once it is accepted.',
  'pending.title': 'Your submitted ideas',
  'pending.intro':
    'Ideas awaiting acceptance are yours alone to see until the team accepts them. An idea not accepted shows the team’s reason; a merged one, the idea it joined.',
  'pending.mark': 'Awaiting acceptance',
  'pending.rejected': 'Not accepted',
  'pending.rejectedReason': 'The team’s reason: {reason}',
  'submit.received':
    'Your idea “{title}” was received. The board does not show it to others yet: it will appear once the team makes room for it.',
  'validation.min': 'It has to be {n} characters at least.',
  'validation.max': 'It has to be max {n} characters.',
  'roadmap.empty': 'Nothing on the roadmap yet.',
  'roadmap.emptyTag': 'Nothing on the roadmap with this tag.',
  'releases.empty': 'No releases yet.',
  'changelog.title': 'What’s new',
  'changelog.newCount': '{count} new',
  'changelog.unread': 'New:',
  'changelog.labels': 'Labels',
  'changelog.label.NEW': 'New',
  'changelog.label.IMPROVED': 'Improved',
  'changelog.label.FIXED': 'Fixed',
  'changelog.parts': 'In this release',
  'changelog.readMore': 'Read more about {name}',
  'live.on': 'Live',
  poweredBy: 'Powered by Feedboard',
  'data.title': 'Your data',
  'data.intro':
    'Get a copy of everything this board keeps about you, or delete your account. We email you a link to confirm: nothing happens until you use it.',
  'data.export': 'Email me my data',
  'data.erase': 'Delete my account',
  'data.sending': 'Sending…',
  'data.exportSent': 'We sent a link to {email}: open it to download your data.',
  'data.eraseSent': 'We sent a link to {email}: open it to confirm deleting your account.',
  'data.limited': 'Several links went out in the last hour. Please wait a while.',
  'prefs.title': 'Email notifications',
  'prefs.label': 'Email me about',
  'prefs.ALL': 'All updates on ideas I submitted or voted for',
  'prefs.MY_IDEAS': 'Only my own ideas',
  'prefs.NONE': 'Nothing',
  'prefs.saved': 'Saved.',
  'prefs.noEmail': 'We have no email address for you yet, so no email is sent.',
  'prefs.unconfirmed':
    '{email} awaits confirmation: open the link we mailed you. Until then no email is sent to it.',
  'prefs.resend': 'Resend confirmation email',
  'prefs.resent': 'A new link is on its way to {email}.',
  'prefs.resendLimited': 'Several links went out in the last hour. Please wait a while.',
} as const;

export type TMessageId = keyof typeof en;
export type TMessages = Record<TMessageId, string>;

export const pl: TMessages = {
  'nav.ideas': 'Pomysły',
  'nav.roadmap': 'Roadmapa',
  'nav.releases': 'Wydania',
  'nav.label': 'Sekcje tablicy',
  loading: 'Ładowanie…',
  'error.load': 'Nie udało się teraz wczytać tablicy.',
  'error.tryAgain': 'Spróbuj ponownie',
  'loading.busy': 'Serwer jest chwilowo zajęty. Próbujemy ponownie…',
  'error.notFound': 'Ta tablica nie istnieje lub nie jest publiczna.',
  'error.generic': 'Przepraszamy, coś poszło nie tak. Spróbuj ponownie.',
  'error.inactive': 'Ta tablica jest na razie tylko do odczytu.',
  'sso.refused':
    'Nie udało się zalogować Cię automatycznie, więc na razie możesz tylko przeglądać tę tablicę. Odśwież stronę, aby spróbować ponownie; jeśli problem się powtarza, daj znać zespołowi prowadzącemu tę witrynę.',
  'sso.refusedPrivate':
    'Nie udało się zalogować Cię automatycznie, więc nie możemy pokazać tej tablicy. Odśwież stronę, aby spróbować ponownie; jeśli problem się powtarza, daj znać zespołowi prowadzącemu tę witrynę.',
  'auth.signedInAs': 'Zalogowano jako {name}',
  'auth.readOnly': 'Zaloguj się, aby głosować, dodawać pomysły i komentować.',
  'auth.otherCompany': 'Zalogowano do innej firmy: ta tablica jest dla Ciebie tylko do odczytu.',
  'auth.blocked':
    'Twoje konto na tej tablicy jest zablokowane: możesz ją czytać, ale nie możesz głosować, komentować ani dodawać pomysłów.',
  'auth.ssoOnly': 'Aby głosować, dodawać pomysły i komentować, zaloguj się w witrynie {company}.',
  'auth.unconfirmed':
    'Twój adres e-mail czeka na potwierdzenie: otwórz link, który do Ciebie wysłaliśmy, a potem głosuj, dodawaj pomysły i komentuj.',
  'private.sso': 'Ta tablica jest prywatna. Zaloguj się w witrynie {company}, aby ją zobaczyć.',
  'private.closed':
    'Ta tablica jest prywatna: widzą ją tylko osoby, którym udostępnia ją {company}.',
  'private.emailSignIn':
    'Jeśli {company} udostępnia tę tablicę Twojemu adresowi e-mail, zaloguj się, aby ją zobaczyć.',
  'private.unconfirmed':
    'Twój adres e-mail czeka na potwierdzenie: otwórz link, który do Ciebie wysłaliśmy, a potem odśwież tę stronę, aby zobaczyć tablicę.',
  'private.notForYou': 'Zalogowano Cię, ale {company} nie udostępnia Ci tej tablicy.',
  'private.ssoOnly':
    'Ta tablica jest dla zalogowanych użytkowników {company}: zaloguj się w witrynie {company}, aby ją zobaczyć. Potwierdzenie adresu e-mail jej nie otworzy.',
  'auth.signIn': 'Zaloguj się',
  'auth.signUp': 'Załóż konto',
  'auth.signOut': 'Wyloguj się',
  'auth.email': 'E-mail',
  'auth.password': 'Hasło',
  'auth.name': 'Twoje imię',
  'auth.submitSignIn': 'Zaloguj się',
  'auth.submitSignUp': 'Utwórz konto',
  'auth.failed':
    'Przepraszamy, coś poszło nie tak. Upewnij się, że dane logowania są poprawne, lub spróbuj później',
  'auth.cancel': 'Anuluj',
  'auth.toVote': 'Zaloguj się lub załóż konto, aby zagłosować.',
  'auth.termsBefore': 'Zakładając konto, akceptujesz',
  'auth.termsLink': 'warunki korzystania {company}',
  'auth.forgot': 'Nie pamiętasz hasła?',
  'forgot.title': 'Zresetuj hasło',
  'forgot.intro':
    'Podaj adres e-mail użyty przy rejestracji na tej tablicy: wyślemy na niego link do ustawienia nowego hasła.',
  'forgot.submit': 'Wyślij link',
  'forgot.sending': 'Wysyłanie…',
  'forgot.sent':
    'Jeśli jakieś konto używa tego adresu e-mail, link do ustawienia nowego hasła jest już w drodze.',
  'forgot.hint':
    'Link działa raz, przez godzinę. Po ustawieniu nowego hasła wróć tutaj i zaloguj się nowym hasłem.',
  'forgot.back': 'Wróć do logowania',
  'list.sort': 'Sortuj',
  'list.filter': 'Filtruj',
  'list.search': 'Szukaj',
  'list.tag': 'Etykieta',
  'sort.VOTES': 'Najwięcej głosów',
  'sort.STATUS': 'Status',
  'sort.DATE_DESC': 'Najnowsze',
  'sort.DATE_ASC': 'Najstarsze',
  'filter.ALL': 'Wszystkie',
  'tag.ALL': 'Wszystkie etykiety',
  'status.NOT_PUBLIC': 'Oczekuje na akceptację',
  'status.OPEN': 'Otwarty',
  'status.REVIEW': 'W ocenie',
  'status.PLANNED': 'Zaplanowany',
  'status.IN_PROGRESS': 'W trakcie',
  'status.COMPLETE': 'Ukończony',
  'status.DECLINED': 'Odrzucony',
  'list.empty': 'Nie ma jeszcze pomysłów — podziel się pierwszym.',
  'list.emptyReadOnly': 'Nie ma jeszcze pomysłów.',
  'list.emptySearch':
    'Żaden pomysł nie pasuje do „{search}”. Spróbuj innych słów albo pokaż wszystkie pomysły.',
  'list.emptyStatus':
    'Żaden pomysł nie ma teraz statusu „{status}”. Pokaż wszystkie pomysły, aby zobaczyć pozostałe.',
  'list.emptyTag':
    'Żaden pomysł nie ma jeszcze tej etykiety. Pokaż wszystkie pomysły, aby zobaczyć pozostałe.',
  'list.showAll': 'Pokaż wszystkie pomysły',
  'list.more': 'Pokaż więcej',
  'list.add': 'Dodaj pomysł',
  'idea.votes': '{count, plural, one {# głos} few {# głosy} many {# głosów} other {# głosu}}',
  'idea.vote':
    'Zagłosuj na: {title}, {count, plural, one {# głos} few {# głosy} many {# głosów} other {# głosu}}',
  'idea.comments':
    '{count, plural, one {# komentarz} few {# komentarze} many {# komentarzy} other {# komentarza}}',
  'idea.by': 'autor: {name}',
  'idea.anonymous': 'były użytkownik',
  'idea.back': 'Wróć do pomysłów',
  'idea.declined': 'Odrzucony: {reason}',
  'idea.mergedInto': 'Połączono z pomysłem',
  'idea.quoted': '„{title}”',
  'idea.mergedElsewhere': 'Połączono z innym pomysłem',
  'reason.DUPLICATE': 'duplikat innego pomysłu',
  'reason.NOT_APPLICABLE': 'nie dotyczy',
  'reason.NOT_RELEVANT': 'nieistotny',
  'reason.OTHER': 'inny powód',
  'importance.label': 'Jak bardzo tego potrzebujesz?',
  'importance.none': 'Nie określono',
  'importance.NICE_TO_HAVE': 'Miło byłoby mieć',
  'importance.IMPORTANT': 'Ważne',
  'importance.MUST_HAVE': 'Niezbędne',
  'comments.title': 'Komentarze',
  'comments.empty': 'Nie ma jeszcze komentarzy.',
  'comments.label': 'Twój komentarz',
  'comments.submit': 'Skomentuj',
  'comments.reply': 'Odpowiedz',
  'comments.replyTo': 'Odpowiedz użytkownikowi {name}',
  'comments.replyLabel': 'Twoja odpowiedź',
  'comments.replySubmit': 'Wyślij odpowiedź',
  'comments.replyCancel': 'Anuluj',
  'comments.replies': 'Odpowiedzi dla: {name}',
  'comments.internal': 'Notatka wewnętrzna',
  'comments.team': 'Zespół',
  'submit.title': 'Dodaj pomysł',
  'submit.titleLabel': 'Tytuł',
  'submit.descriptionLabel': 'Opis (opcjonalnie)',
  'submit.submit': 'Wyślij pomysł',
  'submit.cancel': 'Anuluj',
  'submit.similar': 'Podobne pomysły: zagłosuj na jeden zamiast dodawać duplikat',
  'submit.thanks': 'Dziękujemy! Pomysł będzie widoczny dla innych po akceptacji.',
  'pending.title': 'Twoje zgłoszone pomysły',
  'pending.intro':
    'Pomysły oczekujące na akceptację widzisz tylko Ty, dopóki zespół ich nie zaakceptuje. Przy nieprzyjętym pomyśle widać powód zespołu, przy połączonym — pomysł, z którym go połączono.',
  'pending.mark': 'Oczekuje na akceptację',
  'pending.rejected': 'Nieprzyjęty',
  'pending.rejectedReason': 'Powód podany przez zespół: {reason}',
  'submit.received':
    'Twój pomysł „{title}” dotarł do nas. Tablica jeszcze go nie pokazuje innym: pojawi się, gdy zespół zrobi na niego miejsce.',
  'validation.min': 'Musi mieć co najmniej {n} znaków.',
  'validation.max': 'Może mieć najwyżej {n} znaków.',
  'roadmap.empty': 'Roadmapa jest jeszcze pusta.',
  'roadmap.emptyTag': 'Na roadmapie nie ma nic z tą etykietą.',
  'releases.empty': 'Nie ma jeszcze wydań.',
  'changelog.title': 'Co nowego',
  'changelog.newCount': 'Nowe: {count}',
  'changelog.unread': 'Nowe:',
  'changelog.labels': 'Etykiety',
  'changelog.label.NEW': 'Nowe',
  'changelog.label.IMPROVED': 'Ulepszone',
  'changelog.label.FIXED': 'Naprawione',
  'changelog.parts': 'W tym wydaniu',
  'changelog.readMore': 'Więcej o wydaniu {name}',
  'live.on': 'Na żywo',
  poweredBy: 'Działa dzięki Feedboard',
  'data.title': 'Twoje dane',
  'data.intro':
    'Pobierz kopię wszystkiego, co ta tablica przechowuje o Tobie, albo usuń swoje konto. Wyślemy Ci link do potwierdzenia: bez jego użycia nic się nie stanie.',
  'data.export': 'Wyślij mi moje dane',
  'data.erase': 'Usuń moje konto',
  'data.sending': 'Wysyłanie…',
  'data.exportSent': 'Wysłaliśmy link na adres {email}: otwórz go, aby pobrać swoje dane.',
  'data.eraseSent': 'Wysłaliśmy link na adres {email}: otwórz go, aby potwierdzić usunięcie konta.',
  'data.limited': 'W ostatniej godzinie wysłaliśmy już kilka linków. Odczekaj chwilę.',
  'prefs.title': 'Powiadomienia e-mail',
  'prefs.label': 'Wysyłaj mi e-maile o',
  'prefs.ALL': 'Wszystkich zmianach moich pomysłów i tych z moim głosem',
  'prefs.MY_IDEAS': 'Tylko moich pomysłach',
  'prefs.NONE': 'Niczym',
  'prefs.saved': 'Zapisano.',
  'prefs.noEmail': 'Nie znamy jeszcze Twojego adresu e-mail, więc nic nie wysyłamy.',
  'prefs.unconfirmed':
    'Adres {email} czeka na potwierdzenie: otwórz link, który do Ciebie wysłaliśmy. Do tego czasu nic na niego nie wysyłamy.',
  'prefs.resend': 'Wyślij ponownie e-mail z potwierdzeniem',
  'prefs.resent': 'Nowy link jest już w drodze na adres {email}.',
  'prefs.resendLimited': 'W ostatniej godzinie wysłaliśmy już kilka linków. Spróbuj później.',
};

export const CATALOGUES = { en, pl } as const;
export type TLocale = keyof typeof CATALOGUES;

/** The interface language: the part of the board's language before the dash; English otherwise. */
export function localeOf(language: string | undefined): TLocale {
  return supportedLocale(language) ?? 'en';
}

/** The language we have a catalogue for (`pl-PL`, `PL` and `pl` are Polish), or null. */
export function supportedLocale(language: string | null | undefined): TLocale | null {
  const primary = language?.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return primary in CATALOGUES ? (primary as TLocale) : null;
}

/**
 * The visitor's language (issue 26): the embed's own `data-language` (the container's, else the
 * script tag's), else the host page's `<html lang>`, else the first of the browser's languages
 * we speak; null leaves the board's language. Each step counts only when it names a language
 * we have (a German page's visitor with a Polish browser reads Polish).
 */
export function visitorLocale(
  embedLanguages: readonly (string | null | undefined)[],
  pageLanguage: string | null | undefined,
  browserLanguages: readonly string[],
): TLocale | null {
  for (const language of [...embedLanguages, pageLanguage, ...browserLanguages]) {
    const locale = supportedLocale(language);
    if (locale) return locale;
  }
  return null;
}

export type TTranslate = (id: TMessageId, values?: Record<string, string | number>) => string;

const DATE_LOCALES: Record<TLocale, string> = { en: 'en-US', pl: 'pl-PL' };

/** `{count, plural, one {# vote} other {# votes}}`: one argument, forms without placeholders. */
const PLURAL = /\{(\w+), plural,((?:\s*\w+ \{[^{}]*\})+)\s*\}/g;

/**
 * A translator for one locale; `{name}` placeholders are filled as text, and ICU plural
 * arguments pick the language's form (Intl.PluralRules: Polish has one, few, many and other).
 */
export function translator(locale: TLocale): TTranslate {
  const catalogue: TMessages = CATALOGUES[locale];
  const rules = new Intl.PluralRules(DATE_LOCALES[locale]);
  return (id, values = {}) =>
    catalogue[id]
      .replace(PLURAL, (whole, name: string, cases: string) => {
        if (!(name in values)) return whole;
        const count = Number(values[name]);
        const forms = new Map(
          [...cases.matchAll(/(\w+) \{([^{}]*)\}/g)].map((form) => [form[1], form[2]]),
        );
        const form = forms.get(rules.select(count)) ?? forms.get('other') ?? '';
        return form.replace(/#/g, count.toLocaleString(DATE_LOCALES[locale]));
      })
      .replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in values ? String(values[name]) : whole,
      );
}

/** An instant (a comment's, an idea's) as a date in the board's language, as the console shows it. */
export function formatDate(iso: string, locale: TLocale): string {
  return formatDateIn(iso, locale, undefined) ?? iso;
}

/**
 * A calendar date (YYYY-MM-DD, a release's) in the board's language. Read and formatted in UTC:
 * a release on the 20th shows the 20th in every time zone.
 */
export function formatCalendarDate(ymd: string, locale: TLocale): string {
  return formatDateIn(`${ymd}T00:00:00.000Z`, locale, 'UTC') ?? ymd;
}

function formatDateIn(iso: string, locale: TLocale, timeZone: string | undefined): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], { dateStyle: 'medium', timeZone }).format(
    date,
  );
}

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
  'error.load': 'The board could not be loaded. Please try again later.',
  'error.notFound': 'This board does not exist or is not public.',
  'error.generic': 'Sorry, something went wrong. Please try again.',
  'error.inactive': 'This board is read-only for now.',
  'sso.refused':
    'Single sign-on failed: your sign-in could not be verified, so the board is read-only. ({reason})',
  'auth.signedInAs': 'Signed in as {name}',
  'auth.readOnly': 'Sign in to vote, add ideas and comment.',
  'auth.otherCompany': 'You are signed in to another company: this board is read-only for you.',
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
  'list.sort': 'Sort',
  'list.filter': 'Filter',
  'list.search': 'Search',
  'sort.VOTES': 'Most votes',
  'sort.STATUS': 'Status',
  'sort.DATE_DESC': 'Newest',
  'sort.DATE_ASC': 'Oldest',
  'filter.ALL': 'All',
  'status.NOT_PUBLIC': 'Awaiting review',
  'status.OPEN': 'Open',
  'status.REVIEW': 'Under review',
  'status.PLANNED': 'Planned',
  'status.IN_PROGRESS': 'In progress',
  'status.COMPLETE': 'Done',
  'status.DECLINED': 'Declined',
  'list.empty': 'No ideas yet. Be the first to add one!',
  'list.emptyFiltered': 'No ideas match this filter or search.',
  'list.more': 'Show more',
  'list.add': 'Add an idea',
  'idea.votes': 'Votes: {count}',
  'idea.vote': 'Votes: {count}. Vote for {title}',
  'idea.unvote': 'Votes: {count}. Take back your vote for {title}',
  'idea.comments': 'Comments: {count}',
  'idea.by': 'by {name}',
  'idea.anonymous': 'a former user',
  'idea.back': 'Back to ideas',
  'idea.declined': 'Declined: {reason}',
  'idea.duplicateOf': 'Duplicate of “{title}”',
  'comments.title': 'Comments',
  'comments.empty': 'No comments yet.',
  'comments.label': 'Your comment',
  'comments.submit': 'Comment',
  'submit.title': 'Add an idea',
  'submit.titleLabel': 'Title',
  'submit.descriptionLabel': 'Description (optional)',
  'submit.submit': 'Submit idea',
  'submit.cancel': 'Cancel',
  'submit.thanks': 'Thank you! Your idea will be visible to others once it is accepted.',
  'validation.min': 'It has to be {n} characters at least.',
  'validation.max': 'It has to be max {n} characters.',
  'roadmap.empty': 'Nothing on the roadmap yet.',
  'releases.empty': 'No releases yet.',
  'live.on': 'Live',
  poweredBy: 'Powered by Feedboard',
} as const;

export type TMessageId = keyof typeof en;
export type TMessages = Record<TMessageId, string>;

export const pl: TMessages = {
  'nav.ideas': 'Pomysły',
  'nav.roadmap': 'Plan działań',
  'nav.releases': 'Wydania',
  'nav.label': 'Sekcje tablicy',
  loading: 'Ładowanie…',
  'error.load': 'Nie udało się wczytać tablicy. Spróbuj ponownie później.',
  'error.notFound': 'Ta tablica nie istnieje lub nie jest publiczna.',
  'error.generic': 'Przepraszamy, coś poszło nie tak. Spróbuj ponownie.',
  'error.inactive': 'Ta tablica jest na razie tylko do odczytu.',
  'sso.refused':
    'Logowanie jednokrotne nie powiodło się: nie udało się potwierdzić tożsamości, więc tablica jest tylko do odczytu. ({reason})',
  'auth.signedInAs': 'Zalogowano jako {name}',
  'auth.readOnly': 'Zaloguj się, aby głosować, dodawać pomysły i komentować.',
  'auth.otherCompany': 'Zalogowano do innej firmy: ta tablica jest dla Ciebie tylko do odczytu.',
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
  'list.sort': 'Sortuj',
  'list.filter': 'Filtruj',
  'list.search': 'Szukaj',
  'sort.VOTES': 'Najwięcej głosów',
  'sort.STATUS': 'Status',
  'sort.DATE_DESC': 'Najnowsze',
  'sort.DATE_ASC': 'Najstarsze',
  'filter.ALL': 'Wszystkie',
  'status.NOT_PUBLIC': 'Czeka na akceptację',
  'status.OPEN': 'Otwarty',
  'status.REVIEW': 'W ocenie',
  'status.PLANNED': 'Zaplanowany',
  'status.IN_PROGRESS': 'W realizacji',
  'status.COMPLETE': 'Gotowe',
  'status.DECLINED': 'Odrzucony',
  'list.empty': 'Nie ma jeszcze pomysłów. Dodaj pierwszy!',
  'list.emptyFiltered': 'Żaden pomysł nie pasuje do filtra ani wyszukiwania.',
  'list.more': 'Pokaż więcej',
  'list.add': 'Dodaj pomysł',
  'idea.votes': 'Głosy: {count}',
  'idea.vote': 'Głosy: {count} – zagłosuj na: {title}',
  'idea.unvote': 'Głosy: {count} – wycofaj głos na: {title}',
  'idea.comments': 'Komentarze: {count}',
  'idea.by': 'autor: {name}',
  'idea.anonymous': 'były użytkownik',
  'idea.back': 'Wróć do pomysłów',
  'idea.declined': 'Odrzucony: {reason}',
  'idea.duplicateOf': 'Duplikat pomysłu „{title}”',
  'comments.title': 'Komentarze',
  'comments.empty': 'Nie ma jeszcze komentarzy.',
  'comments.label': 'Twój komentarz',
  'comments.submit': 'Skomentuj',
  'submit.title': 'Dodaj pomysł',
  'submit.titleLabel': 'Tytuł',
  'submit.descriptionLabel': 'Opis (opcjonalnie)',
  'submit.submit': 'Wyślij pomysł',
  'submit.cancel': 'Anuluj',
  'submit.thanks': 'Dziękujemy! Pomysł będzie widoczny dla innych po akceptacji.',
  'validation.min': 'Musi mieć co najmniej {n} znaków.',
  'validation.max': 'Może mieć najwyżej {n} znaków.',
  'roadmap.empty': 'Plan działań jest jeszcze pusty.',
  'releases.empty': 'Nie ma jeszcze wydań.',
  'live.on': 'Na żywo',
  poweredBy: 'Działa dzięki Feedboard',
};

export const CATALOGUES = { en, pl } as const;
export type TLocale = keyof typeof CATALOGUES;

/** The interface language: the part of the board's language before the dash; English otherwise. */
export function localeOf(language: string | undefined): TLocale {
  return language?.split('-')[0]?.toLowerCase() === 'pl' ? 'pl' : 'en';
}

export type TTranslate = (id: TMessageId, values?: Record<string, string | number>) => string;

/** A translator for one locale; `{name}` placeholders are filled as text. */
export function translator(locale: TLocale): TTranslate {
  const catalogue: TMessages = CATALOGUES[locale];
  return (id, values = {}) =>
    catalogue[id].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}

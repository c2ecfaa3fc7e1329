import type { Context, Hono } from 'hono';
import type { TDeps } from '../deps.ts';
import {
  linkPage,
  nextLink,
  pickPageLanguage,
  postButton,
  setLinkPageHeaders,
} from './link-page.ts';
import { portalBase } from '../portal/portal-paths.ts';
import type { TPageLanguage } from './link-page.ts';
import { CONFIRMATION_TTL_HOURS } from '../services/account/send-email-confirmation.ts';
import { checkEmailConfirmation, confirmEmail } from '../services/account/confirm-email.ts';
import type { TConfirmationState } from '../services/account/confirm-email.ts';

const TEXTS = {
  en: {
    askTitle: 'Confirm your email address?',
    askBody:
      'Press the button to confirm that this address is yours. You will then get the notification emails you chose.',
    button: 'Confirm address',
    doneTitle: 'Your email address is confirmed',
    doneBody:
      'Thank you. You will now get the notification emails you chose in your profile settings.',
    doneBodyEndUser:
      'Thank you. You will now get the notification emails you chose on the board (under Email notifications).',
    toConsole: 'Continue to Feedboard',
    toConsoleHint: 'Not signed in on this browser? Feedboard asks you to sign in first.',
    toPortal: 'Back to the feedback board',
    resend: 'Send a new link from your profile',
    signIn: 'Sign in to Feedboard',
    badTitle: 'This link does not work',
    badBody: `The confirmation link is not valid, was used already or has expired (links work for ${CONFIRMATION_TTL_HOURS} hours). Ask for a new one in your profile: under Email notifications in the board’s widget, or in Profile settings.`,
  },
  pl: {
    askTitle: 'Potwierdzić adres e-mail?',
    askBody:
      'Naciśnij przycisk, aby potwierdzić, że ten adres należy do Ciebie. Wtedy zaczną przychodzić wybrane przez Ciebie powiadomienia.',
    button: 'Potwierdź adres',
    doneTitle: 'Adres e-mail potwierdzony',
    doneBody:
      'Dziękujemy. Od teraz będą przychodzić powiadomienia e-mail wybrane w ustawieniach profilu.',
    doneBodyEndUser:
      'Dziękujemy. Od teraz będą przychodzić powiadomienia e-mail wybrane na tablicy (w sekcji „Powiadomienia e-mail”).',
    toConsole: 'Przejdź do Feedboard',
    toConsoleHint: 'Brak sesji w tej przeglądarce? Feedboard najpierw poprosi o zalogowanie.',
    toPortal: 'Wróć do tablicy opinii',
    resend: 'Wyślij nowy link ze swojego profilu',
    signIn: 'Zaloguj się do Feedboard',
    badTitle: 'Ten link nie działa',
    badBody: `Link potwierdzający jest nieprawidłowy, został już użyty albo wygasł (działa przez ${CONFIRMATION_TTL_HOURS} godziny). Poproś o nowy w swoim profilu: w sekcji „Powiadomienia e-mail” w widżecie tablicy albo w ustawieniach profilu.`,
  },
} as const;

/**
 * `/confirm-email/{token}`, the link of the confirmation mail. GET only asks (mail scanners and
 * link previews open links on their own and must not confirm anyone's address); its button
 * POSTs, which confirms. Both answer a short page in the user's language; a bad, used or
 * expired link answers 404 with a way to get a new one.
 */
export function mountConfirmEmailPage(app: Hono, deps: TDeps): void {
  const answer = (c: Context, result: TConfirmationState, ask: (lang: TPageLanguage) => string) => {
    setLinkPageHeaders(c);
    const lang = pickPageLanguage(c, result.language);
    const t = TEXTS[lang];
    // What leads on: the console's profile (its "Resend" button; the console asks a signed-out
    // visitor to sign in first), the console, or the end user's portal. The page has no
    // script and the console's session lives in its own storage, so the console decides.
    if (result.state === 'invalid') {
      const links = nextLink('/admin/profile', t.resend) + nextLink('/login', t.signIn, false);
      return c.html(linkPage(lang, t.badTitle, t.badBody, links), 404);
    }
    if (result.state === 'confirmed') {
      const links =
        result.next.kind === 'console'
          ? nextLink('/admin', t.toConsole) + `<p>${t.toConsoleHint}</p>\n`
          : nextLink(portalBase(result.next.companySlug), t.toPortal);
      // A board's end user has no console profile: their settings are on the board.
      const body = result.next.kind === 'console' ? t.doneBody : t.doneBodyEndUser;
      return c.html(linkPage(lang, t.doneTitle, body, links));
    }
    return c.html(ask(lang));
  };
  app.get('/confirm-email/:token', async (c) => {
    const token = c.req.param('token');
    // Only a stored token gets the form, and stored tokens are base64url: nothing to escape.
    return answer(c, await checkEmailConfirmation(deps, token), (lang) =>
      linkPage(
        lang,
        TEXTS[lang].askTitle,
        TEXTS[lang].askBody,
        postButton(`/confirm-email/${token}`, TEXTS[lang].button),
      ),
    );
  });
  app.post('/confirm-email/:token', async (c) =>
    answer(c, await confirmEmail(deps, c.req.param('token')), () => ''),
  );
}

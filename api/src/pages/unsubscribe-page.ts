import type { Context, Hono } from 'hono';
import type { TDeps } from '../deps.ts';
import { linkPage as page, pickPageLanguage, postButton, setLinkPageHeaders } from './link-page.ts';
import { checkUnsubscribeToken, unsubscribe } from '../services/notification/unsubscribe.ts';
import type { TUnsubscribeResult } from '../services/notification/unsubscribe.ts';

const TEXTS = {
  en: {
    confirmTitle: 'Stop notification emails?',
    confirmBody:
      'You will no longer get emails from Feedboard about the ideas you submitted or voted for.',
    confirmButton: 'Unsubscribe',
    title: 'You are unsubscribed',
    body: 'You will no longer get notification emails from Feedboard. To get them again, choose which ones you want in your profile settings.',
    badTitle: 'This link does not work',
    badBody:
      'The unsubscribe link is not valid (it may have been cut short). Change your notification emails in your profile settings instead.',
  },
  pl: {
    confirmTitle: 'Wyłączyć powiadomienia e-mail?',
    confirmBody:
      'Nie będą już przychodzić e-maile o Twoich pomysłach i tych, na które oddano Twój głos.',
    confirmButton: 'Wypisz mnie',
    title: 'Wypisano Cię z powiadomień',
    body: 'Nie będziesz już dostawać powiadomień e-mail z Feedboard. Aby znów je otrzymywać, wybierz je w ustawieniach profilu.',
    badTitle: 'Ten link nie działa',
    badBody:
      'Link do wypisania się jest nieprawidłowy (mógł zostać ucięty). Zmień powiadomienia e-mail w ustawieniach profilu.',
  },
} as const;

type TTexts = (typeof TEXTS)[keyof typeof TEXTS];

/**
 * `/unsubscribe/{token}`, the link in every notification mail (and its List-Unsubscribe header).
 * POST (RFC 8058 one-click from the mail client, or the button of the GET page) sets the user's
 * notification preference to NONE without signing in. GET (a click) only asks: mail scanners
 * and link previews open links on their own, and must not unsubscribe anyone. Both answer a
 * short page in the user's language.
 */
export function mountUnsubscribePage(app: Hono, deps: TDeps): void {
  const answer = (
    c: Context,
    result: TUnsubscribeResult,
    done: (lang: 'en' | 'pl', t: TTexts) => string,
  ) => {
    setLinkPageHeaders(c);
    const lang = pickPageLanguage(c, result.ok ? result.language : undefined);
    const t = TEXTS[lang];
    return result.ok ? c.html(done(lang, t)) : c.html(page(lang, t.badTitle, t.badBody), 404);
  };
  app.get('/unsubscribe/:token', async (c) => {
    const token = c.req.param('token');
    // Only a valid token gets the form: digits, a dot and hex, nothing to escape.
    return answer(c, await checkUnsubscribeToken(deps, token), (lang, t) =>
      page(
        lang,
        t.confirmTitle,
        t.confirmBody,
        postButton(`/unsubscribe/${token}`, t.confirmButton),
      ),
    );
  });
  app.post('/unsubscribe/:token', async (c) =>
    answer(c, await unsubscribe(deps, c.req.param('token')), (lang, t) =>
      page(lang, t.title, t.body),
    ),
  );
}

import type { Context, Hono } from 'hono';
import { clientOf } from '../http/client-ip.ts';
import type { TDeps } from '../deps.ts';
import { linkPage, pickPageLanguage, setLinkPageHeaders } from './link-page.ts';
import type { TPageLanguage } from './link-page.ts';
import {
  PRIVACY_LINK_TTL_HOURS,
  checkPrivacyLink,
  eraseByLink,
  exportByLink,
} from '../services/privacy/privacy-requests.ts';
import type { TPrivacyLink } from '../services/privacy/privacy-requests.ts';

const TEXTS = {
  en: {
    exportTitle: 'Download your data?',
    exportBody:
      'You asked for everything Feedboard keeps about you: your profile, ideas, comments, votes, sign-ins and the mails sent to you, as one JSON file. The link works once.',
    exportButton: 'Download my data',
    eraseTitle: 'Delete your account?',
    eraseBody:
      'Your account, your votes (every idea you voted for loses your vote), your sign-ins and your personal data are deleted for good. Choose what becomes of the ideas and comments you wrote, then confirm.',
    keep: 'Keep my ideas and comments, without my name',
    remove: 'Delete my ideas (with their votes and comments) and my comments',
    eraseButton: 'Delete my account',
    legend: 'My ideas and comments',
    erasedTitle: 'Your account is deleted',
    erasedBody:
      'Everything that named you is gone. If you sign in to this board again, you start with a new, empty account.',
    badTitle: 'This link does not work',
    badBody: `The link is not valid, was used already or has expired (links work for ${PRIVACY_LINK_TTL_HOURS} hours). Ask again from the board’s widget, under Your data.`,
  },
  pl: {
    exportTitle: 'Pobrać Twoje dane?',
    exportBody:
      'Prośba dotyczy wszystkiego, co przechowujemy o Tobie: profil, pomysły, komentarze, głosy, logowania i wysłane do Ciebie e-maile, w jednym pliku JSON. Link działa raz.',
    exportButton: 'Pobierz moje dane',
    eraseTitle: 'Usunąć Twoje konto?',
    eraseBody:
      'Twoje konto, głosy (każdy pomysł z Twoim głosem straci ten głos), logowania i dane osobowe zostaną usunięte na zawsze. Wybierz, co stanie się z pomysłami i komentarzami, które napisałeś, i potwierdź.',
    keep: 'Zachowaj moje pomysły i komentarze, bez mojego imienia',
    remove: 'Usuń moje pomysły (z ich głosami i komentarzami) i moje komentarze',
    eraseButton: 'Usuń moje konto',
    legend: 'Moje pomysły i komentarze',
    erasedTitle: 'Twoje konto zostało usunięte',
    erasedBody:
      'Wszystko, co Cię identyfikowało, zniknęło. Jeśli znów zalogujesz się do tej tablicy, zaczniesz od nowego, pustego konta.',
    badTitle: 'Ten link nie działa',
    badBody: `Link jest nieprawidłowy, został już użyty albo wygasł (działa przez ${PRIVACY_LINK_TTL_HOURS} godziny). Poproś ponownie w widżecie tablicy, w sekcji „Twoje dane”.`,
  },
} as const;

/** Stored tokens are base64url: nothing in them needs escaping in an attribute. */
const TOKEN = /^[\w-]{20,100}$/;

function eraseForm(lang: TPageLanguage, token: string): string {
  const t = TEXTS[lang];
  return `<form method="post" action="/privacy/${token}">
<fieldset style="border:0;padding:0;margin:0 0 16px"><legend style="font-weight:600;margin-bottom:8px">${t.legend}</legend>
<p><label><input type="radio" name="contentMode" value="ANONYMISE" checked> ${t.keep}</label></p>
<p><label><input type="radio" name="contentMode" value="DELETE"> ${t.remove}</label></p>
</fieldset>
<button type="submit">${t.eraseButton}</button></form>
`;
}

/**
 * `/privacy/{token}`, the link an end user's own request mails them. GET only asks (mail
 * scanners open links); the form POSTs: an export answers the JSON document as a download, an
 * erasure deletes the account (with the person's choice for their content) and says so. A bad,
 * used or expired link answers 404 with how to ask again.
 */
export function mountPrivacyPage(app: Hono, deps: TDeps): void {
  const bad = (c: Context, lang: TPageLanguage) =>
    c.html(linkPage(lang, TEXTS[lang].badTitle, TEXTS[lang].badBody), 404);

  app.get('/privacy/:token', async (c) => {
    setLinkPageHeaders(c);
    const token = c.req.param('token');
    const link: TPrivacyLink = TOKEN.test(token)
      ? await checkPrivacyLink(deps, token)
      : { state: 'invalid' };
    const lang = pickPageLanguage(c, link.state === 'open' ? link.language : undefined);
    if (link.state !== 'open') return bad(c, lang);
    const t = TEXTS[lang];
    if (link.kind === 'EXPORT') {
      return c.html(
        linkPage(
          lang,
          t.exportTitle,
          t.exportBody,
          `<form method="post" action="/privacy/${token}"><button type="submit">${t.exportButton}</button></form>\n`,
        ),
      );
    }
    return c.html(linkPage(lang, t.eraseTitle, t.eraseBody, eraseForm(lang, token)));
  });

  app.post('/privacy/:token', async (c) => {
    setLinkPageHeaders(c);
    const token = c.req.param('token');
    const link: TPrivacyLink = TOKEN.test(token)
      ? await checkPrivacyLink(deps, token)
      : { state: 'invalid' };
    const lang = pickPageLanguage(c, link.state === 'open' ? link.language : undefined);
    if (link.state !== 'open') return bad(c, lang);
    const address = clientOf(c, deps.config.trustProxy).address ?? null;
    if (link.kind === 'EXPORT') {
      const document = await exportByLink(deps, token, address);
      if (!document) return bad(c, lang);
      c.header('content-disposition', 'attachment; filename="feedboard-my-data.json"');
      return c.json(document);
    }
    const form = await c.req.parseBody();
    const contentMode = form.contentMode === 'DELETE' ? 'DELETE' : 'ANONYMISE';
    const erased = await eraseByLink(deps, token, { contentMode }, address);
    if (!erased) return bad(c, lang);
    return c.html(linkPage(lang, TEXTS[lang].erasedTitle, TEXTS[lang].erasedBody));
  });
}

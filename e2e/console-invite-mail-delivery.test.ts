import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  CATALOGUES,
  logIn,
  registerAccount,
  saveScreenshot,
  startConsole,
  type TConsole,
} from './console.ts';

/** What the console must say, by language, after each way of sending a link. */
type TWords = {
  /** "Send again" on the confirm-your-address banner. */
  resent: (email: string) => string;
  /** The notice above the invitation form. */
  invited: (email: string) => string;
  /** The line under the link in the invitation dialog. */
  dialog: (email: string) => string;
  /** The notice after "Make a new link" on the invitation list. */
  newLink: (email: string) => string;
  /** The hint above the invitation list. */
  hint: string;
  /** The banner's own text while the address is unconfirmed. */
  banner: (email: string) => string;
};

const OUTBOX_WORDS: Record<'en' | 'pl', TWords> = {
  en: {
    resent: (email) =>
      `This server sends no mail: the new confirmation link for ${email} is only in the server’s log.`,
    invited: (email) => `Invitation link made for ${email}: no mail was sent, share the link.`,
    dialog: (email) =>
      `This server sends no mail, so nothing went to ${email}: copy the link and send it yourself.`,
    newLink: (email) =>
      `A new link was made for ${email}; the old one no longer works. This server sends no mail: the new mail is only in the server’s log`,
    hint: 'This server sends no mail, so send each link yourself.',
    banner: (email) =>
      `This server sends no mail: the link that confirms ${email} is in the server’s log. Invitations work meanwhile`,
  },
  pl: {
    resent: (email) =>
      `Ten serwer nie wysyła poczty: nowy link potwierdzający dla ${email} jest tylko w logu serwera.`,
    invited: (email) =>
      `Utworzono link z zaproszeniem dla ${email}: nie wysłano żadnego e-maila, przekaż link.`,
    dialog: (email) =>
      `Ten serwer nie wysyła poczty, więc nic nie poszło do ${email}: skopiuj link i wyślij go samodzielnie.`,
    newLink: (email) =>
      `Utworzono nowy link dla ${email}; poprzedni już nie działa. Ten serwer nie wysyła poczty: nowy e-mail jest tylko w logu serwera`,
    hint: 'Ten serwer nie wysyła poczty, więc każdy link przekaż samodzielnie.',
    banner: (email) =>
      `Ten serwer nie wysyła poczty: link potwierdzający ${email} jest w logu serwera. Zaproszenia działają mimo to`,
  },
};

/** Today's words on a server that sends mail (unchanged by the outbox wording). */
const SMTP_WORDS: TWords = {
  resent: (email) => `A new confirmation link is on its way to ${email}.`,
  invited: (email) => `Invitation sent to ${email}.`,
  dialog: (email) => `We have mailed it to ${email} too.`,
  newLink: (email) => `A new link was made for ${email}; the old one no longer works.`,
  hint: 'it is shown for you to copy and mailed again.',
  banner: (email) => `Confirm your address ${email} to send invitations and notifications by mail.`,
};

/**
 * Finding F5 of the first-hour walkthrough: on a server without SMTP_URL (mail only goes to the
 * server log's outbox) the console said "We have mailed it to …" and "Invitation sent to …", and
 * the admin waited for a mail that never came. Now it says no mail went, in English and Polish;
 * on a server with an SMTP server (a stand-in here) it says what it said before.
 */
describe.skipIf(!hasChromium())('console: says whether invitation mail went', () => {
  let console_: TConsole;
  let smtpServer: TTestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // One browser for both servers: the outbox one (no SMTP_URL) and one with the stand-in.
    console_ = await startConsole({ smtpUrl: undefined });
    smtpServer = await startTestServer({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await console_?.close();
    await smtpServer?.close();
    await smtp?.close();
  });

  /**
   * An owner whose address is unconfirmed asks for a new confirmation link, confirms, invites a
   * teammate and makes a new link for the invitation; each text is checked as the admin reads it.
   */
  async function walk(server: TTestServer, language: 'en' | 'pl', words: TWords, shot: string) {
    const ui = CATALOGUES[language];
    const owner = await registerAccount(server, `Mail ${shot}`, {
      confirmEmail: false,
      language: language === 'pl' ? 'pl-PL' : 'en-US',
    });
    const page = await console_.open();
    await logIn(page, server, owner);
    await page.goto(`${server.url}/admin/users`);

    const banner = page.getByRole('region', { name: ui['confirmBanner.label'] });
    await expect.poll(() => banner.isVisible()).toBe(true);
    // Before anything is pressed it says whether mail goes (walkthrough 10).
    await expect
      .poll(() => banner.locator('.confirm-banner__text').innerText())
      .toContain(words.banner(owner.email));
    await banner.getByRole('button', { name: ui['confirmBanner.resend'] }).click();
    await expect
      .poll(() => banner.getByRole('status').innerText())
      .toContain(words.resent(owner.email));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, `invite-mail-${shot}-banner`);

    // Confirmed (as if by the link): invitations now mail at once where the server mails.
    await server.deps.prisma.user.updateMany({
      where: { loginEmail: owner.email.toLowerCase() },
      data: { emailConfirmedAt: new Date() },
    });
    await page.reload();
    const teammate = `mate.${shot}.${Date.now()}@example.com`;
    await page.getByLabel(ui['team.invite.email']!, { exact: true }).fill(teammate);
    await page.getByRole('button', { name: ui['team.invite.send'] }).click();
    const dialog = page.getByRole('dialog', { name: ui['team.link.title'] });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(words.dialog(teammate));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, `invite-mail-${shot}-dialog`);
    await dialog.getByRole('button', { name: ui['team.link.done'] }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByText(words.invited(teammate), { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(words.hint).isVisible()).toBe(true);

    const newLinkLabel = ui['team.pending.newLink.label']!.replace('{email}', teammate);
    await page.getByRole('button', { name: newLinkLabel }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(words.dialog(teammate));
    await dialog.getByRole('button', { name: ui['team.link.done'] }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const notice = page.locator('.team-notice');
    expect(await notice.innerText()).toContain(words.newLink(teammate));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, `invite-mail-${shot}-new-link`);
    expect(page.errors).toEqual([]);
    return { teammate, notice: await notice.innerText(), page };
  }

  it('says no mail went on a server without SMTP (English)', { timeout: 120_000 }, async () => {
    await walk(console_.server, 'en', OUTBOX_WORDS.en, 'outbox-en');
  });

  it('says no mail went on a server without SMTP (Polish)', { timeout: 120_000 }, async () => {
    await walk(console_.server, 'pl', OUTBOX_WORDS.pl, 'outbox-pl');
  });

  it("keeps today's words on a server that mails (English)", { timeout: 120_000 }, async () => {
    const { teammate, notice, page } = await walk(smtpServer, 'en', SMTP_WORDS, 'smtp-en');
    expect(notice).toBe(SMTP_WORDS.newLink(teammate));
    expect(await page.getByText('sends no mail').count()).toBe(0);
  });

  it("keeps today's words on a server that mails (Polish)", { timeout: 120_000 }, async () => {
    const { page } = await walk(
      smtpServer,
      'pl',
      {
        resent: (email) => `Nowy link potwierdzający jest już w drodze na ${email}.`,
        invited: (email) => `Wysłano zaproszenie do ${email}.`,
        dialog: (email) => `Wysłaliśmy go też e-mailem na ${email}.`,
        newLink: (email) => `Utworzono nowy link dla ${email}; poprzedni już nie działa.`,
        hint: 'pojawi się do skopiowania i zostanie wysłany ponownie.',
        banner: (email) =>
          `Potwierdź swój adres ${email}, aby wysyłać zaproszenia i powiadomienia e-mailem.`,
      },
      'smtp-pl',
    );
    expect(await page.getByText('nie wysyła poczty').count()).toBe(0);
  });
});

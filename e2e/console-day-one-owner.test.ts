import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, mutate } from '../api/src/testing/graphql-client.ts';
import { startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { hasChromium, seriousAxeViolations, settleAnimations } from './browser.ts';
import {
  CATALOGUES,
  LANGUAGES,
  openSignedIn,
  registerAccount,
  saveScreenshot,
  startConsole,
} from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * What a new owner meets in their first hour (issue 34, the outsider's walk): sample ideas
 * offered on the empty board they land on and marked "Sample" wherever they show; the company's
 * name in the phone's top bar; the sign-up's terms and privacy links as the operator set them
 * (TERMS_URL, PRIVACY_URL), none of someone else's; "Send a test email" saying before the click
 * what will happen on a server without SMTP and for an unconfirmed address; the skip link shown
 * on keyboard focus only, under the top bar. In English and Polish, at 1440 and 390 px.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } ${APP_ERROR} } }`;

const WIDTHS = [1440, 390] as const;
const viewport = (width: number) => ({ width, height: width === 390 ? 844 : 900 });

describe.skipIf(!hasChromium())('console: a new owner’s first hour', () => {
  let console_: TConsole;
  /** A server with an SMTP server (a stand-in) and the operator's own terms and privacy pages. */
  let operated: TTestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // The default server: no SMTP_URL, no TERMS_URL or PRIVACY_URL (one browser for both).
    console_ = await startConsole({ smtpUrl: undefined });
    operated = await startTestServer({
      smtpUrl: smtp.url,
      termsUrl: 'https://operator.example/terms?for=feedboard&lang=en',
      privacyUrl: 'https://operator.example/privacy',
    });
  });
  afterAll(async () => {
    await console_?.close();
    await operated?.close();
    await smtp?.close();
  });

  /** Screenshots at both widths, nothing wider than the screen, axe clean at each. */
  async function screens(page: TConsolePage, name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await settleAnimations(page);
      await saveScreenshot(page, `first-hour-${name}-${width}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    }
    await page.setViewportSize(viewport(1440));
  }

  /** The rectangle of an element in the viewport. */
  const rectOf = (page: TConsolePage, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    });

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];
    const language = LANGUAGES[lang];

    it(`signs up from the keyboard: the skip link shows on Tab only, under the top bar (${lang})`, async () => {
      const { server } = console_;
      const page = await console_.open({ locale: language, viewport: viewport(390) });
      await page.goto(`${server.url}/signup`);
      await page
        .getByLabel(t['signup.email']!, { exact: true })
        .fill(`skip.${lang}.${Date.now()}@example.com`);
      await page.getByLabel(t['signup.password']!, { exact: true }).fill('correct-horse-1');
      await page.getByLabel(t['signup.confirmPassword']!, { exact: true }).fill('correct-horse-1');
      await page.getByLabel(t['signup.company']!, { exact: true }).fill(`Skiplink ${lang} Works`);
      await page.getByLabel(t['signup.consent.operator']!).check();
      await page.getByRole('button', { name: t['signup.submit'] }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const skip = page.getByRole('link', { name: t['nav.skip'] });
      for (const width of [390, 1440]) {
        // First as the sign-up left the page (at 390 px), then freshly loaded at 1440.
        if (width !== 390) {
          await page.setViewportSize(viewport(width));
          // Anew, without the `#main` the link left in the address (which would start Tab there).
          await page.goto(`${server.url}/admin/dashboard`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        }
        // Nothing pressed yet: out of sight, and painting nothing wherever the page is drawn.
        expect((await rectOf(page, '.skip-link')).bottom, `${width}px`).toBeLessThanOrEqual(0);
        expect(await skip.evaluate((a) => getComputedStyle(a).clipPath)).toBe('inset(50%)');
        // The first Tab reaches it; it shows under the top bar, over neither name nor menu.
        await page.keyboard.press('Tab');
        await expect.poll(() => skip.evaluate((a) => a === document.activeElement)).toBe(true);
        expect(await skip.evaluate((a) => getComputedStyle(a).clipPath)).toBe('none');
        const link = await rectOf(page, '.skip-link');
        const bar = await rectOf(page, '.top-bar');
        expect(link.top, `${width}px`).toBeGreaterThanOrEqual(bar.bottom);
        expect(link.bottom, `${width}px`).toBeLessThanOrEqual(viewport(width).height);
        await saveScreenshot(page, `first-hour-skip-link-${lang}-${width}`);
        // Enter takes the focus to the page's content, and the link leaves the sight again.
        await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
        expect((await rectOf(page, '.skip-link')).bottom, `${width}px`).toBeLessThanOrEqual(0);
      }
      expect(page.errors).toEqual([]);
    });

    it(`shows the company's name in the phone's top bar, cut when long (${lang})`, async () => {
      const { server } = console_;
      const name =
        lang === 'en'
          ? 'Hyperion Interplanetary Logistics Company'
          : 'Przedsiębiorstwo Żeglugi Międzyplanetarnej';
      const account = await registerAccount(server, name, { language });
      const page = await openSignedIn(console_, account.token, '/admin/dashboard', {
        locale: language,
        viewport: viewport(390),
      });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const company = page.locator('.top-bar__company');
      await expect.poll(() => company.textContent()).toBe(name);
      expect(await company.isVisible()).toBe(true);
      expect(await company.evaluate((p) => getComputedStyle(p).visibility)).toBe('visible');
      // Long: cut with an ellipsis, on one line, within the bar.
      expect(await company.evaluate((p) => getComputedStyle(p).textOverflow)).toBe('ellipsis');
      expect(await company.evaluate((p) => p.scrollWidth > p.clientWidth)).toBe(true);
      // The mark alone: "Feedboard" is not shown, but names the home link for screen readers.
      expect(await page.locator('.top-bar__logo .logo__name').boundingBox()).toMatchObject({
        width: 1,
      });
      expect(await page.locator('.top-bar__logo').getByRole('link').getAttribute('href')).toBe('/');
      expect(
        await page.locator('.top-bar__logo').getByRole('link', { name: 'Feedboard' }).count(),
      ).toBe(1);
      await screens(page, `top-bar-${lang}`);
      expect(page.errors).toEqual([]);
    });

    it(`offers sample ideas on the new board's empty list, marks them and removes them in one click (${lang})`, async () => {
      const { server } = console_;
      const account = await registerAccount(server, `Samples ${lang} Company`, { language });
      const board = await mutate(
        server,
        'createBoard',
        CREATE_BOARD,
        { name: lang === 'en' ? 'Product ideas' : 'Pomysły na produkt' },
        account.token,
      );
      const rowId = Buffer.from(board.id, 'base64').toString().split(':')[1];
      const page = await openSignedIn(console_, account.token, `/admin/boards/${rowId}/list`, {
        locale: language,
      });
      const add = page.getByRole('button', { name: t['dashboard.samples.add'] });
      await expect.poll(() => add.isVisible()).toBe(true);
      expect(await page.getByText(t['ideas.samples.offer']!).isVisible()).toBe(true);
      await screens(page, `samples-offer-${lang}`);

      // One press of the keyboard: four ideas, each marked, and the notice says how to remove them.
      await add.focus();
      await page.keyboard.press('Enter');
      const cards = page.locator('.idea-card');
      await expect.poll(() => cards.count()).toBe(4);
      const banner = page.getByTestId('sample-banner');
      await expect
        .poll(() => banner.innerText())
        .toContain(
          lang === 'en'
            ? '4 sample ideas are on this board, marked “Sample”'
            : '4 przykładowe pomysły są na tej tablicy, z oznaczeniem „Przykład”',
        );
      // The button pressed is gone: the focus is on the notice, not lost to the page.
      await expect
        .poll(() => banner.evaluate((element) => element === document.activeElement))
        .toBe(true);
      expect(await cards.locator('.badge--sample').allInnerTexts()).toEqual(
        Array(4).fill(t['idea.sample']),
      );
      await screens(page, `samples-list-${lang}`);

      // The idea window says it too.
      const first = cards.first().locator('.idea-card__open');
      const title = (await first.innerText()).trim();
      await first.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.locator('.badge--sample').innerText()).toBe(t['idea.sample']);
      expect(await dialog.innerText()).toContain(t['ideaDetail.sampleNote']);
      await screens(page, `samples-idea-${lang}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);

      // A member reads the notice but has no button; the offer was never theirs.
      const owner = await server.deps.prisma.user.findFirstOrThrow({
        where: { loginEmail: account.email.toLowerCase(), role: 'OWNER' },
      });
      const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
      const memberPage = await openSignedIn(console_, member.token, `/admin/boards/${rowId}/list`, {
        locale: language,
      });
      await memberPage.getByTestId('sample-banner').waitFor();
      expect(
        await memberPage.getByRole('button', { name: t['dashboard.samples.remove'] }).count(),
      ).toBe(0);
      await memberPage.context().close();

      // One click removes them all; the empty board offers them again.
      await page.getByRole('button', { name: t['dashboard.samples.remove'] }).click();
      await expect.poll(() => cards.count()).toBe(0);
      await expect.poll(() => add.isVisible()).toBe(true);
      expect(await banner.count()).toBe(0);
      expect(await server.deps.prisma.idea.count({ where: { boardId: Number(rowId) } })).toBe(0);
      expect(page.errors).toEqual([]);
    });

    it(`links the sign-up's consent to the operator's pages, or to none (${lang})`, async () => {
      // Without TERMS_URL: the operator's terms, named, linked nowhere; no privacy line.
      const page = await console_.open({ locale: language });
      await page.goto(`${console_.server.url}/signup`);
      const consent = page.getByLabel(t['signup.consent.operator']!);
      await expect.poll(() => consent.count()).toBe(1);
      const form = page.locator('form');
      expect(await form.getByRole('link').count()).toBe(0);
      expect(await page.locator('a[href*="feedboard.dev"]').count()).toBe(0);
      await screens(page, `signup-unset-${lang}`);

      // With TERMS_URL and PRIVACY_URL: both linked, from `/` too (the page the home serves).
      await page.goto(`${operated.url}/`);
      await page.goto(`${operated.url}/signup`);
      const terms = form.getByRole('link', { name: lang === 'en' ? 'Terms of Use' : 'Regulamin' });
      await expect
        .poll(() => terms.getAttribute('href'))
        .toBe('https://operator.example/terms?for=feedboard&lang=en');
      expect(await terms.getAttribute('target')).toBe('_blank');
      const privacy = form.getByRole('link', {
        name: lang === 'en' ? 'Privacy Policy' : 'Polityka prywatności',
      });
      expect(await privacy.getAttribute('href')).toBe('https://operator.example/privacy');
      const home = await (await fetch(`${operated.url}/`)).text();
      expect(home).toContain(
        '<meta name="feedboard-terms-url" content="https://operator.example/terms?for=feedboard&amp;lang=en" />',
      );
      // Consent is still required (the spec), and said so in the page's language.
      await page.getByRole('button', { name: t['signup.submit'] }).click();
      await expect.poll(() => page.getByText(t['validation.consent']!).isVisible()).toBe(true);
      await screens(page, `signup-operator-${lang}`);
      expect(page.errors).toEqual([]);
    });

    it(`says before the click where a test email goes (${lang})`, async () => {
      // No SMTP: an unconfirmed owner's test goes to the server's log, and the card says so.
      const owner = await registerAccount(console_.server, `Outbox ${lang} Company`, {
        confirmEmail: false,
        language,
      });
      const page = await openSignedIn(console_, owner.token, '/admin/company', {
        locale: language,
      });
      const card = page.getByRole('region', { name: t['settings.testEmail.title'] });
      const note = card.getByTestId('test-email-note');
      await expect.poll(() => note.count()).toBe(1);
      await expect
        .poll(() => note.innerText())
        .toContain(t['settings.testEmail.outbox']!.split('{email}')[0]!);
      const button = card.getByRole('button', { name: t['settings.testEmail.button'] });
      expect(await button.isEnabled()).toBe(true);
      await button.click();
      const result = card.getByTestId('test-email-result');
      await expect
        .poll(() => result.innerText())
        .toContain(t['settings.testEmail.notConfigured']!.split('{email}')[0]!);
      expect(await result.locator('.field__error').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await screens(page, `test-email-outbox-${lang}`);

      // SMTP, unconfirmed: it says to confirm first, and the button waits for that.
      const unconfirmed = await registerAccount(operated, `Smtp ${lang} Company`, {
        confirmEmail: false,
        language,
      });
      const smtpPage = await console_.open({ locale: language });
      await smtpPage.goto(`${operated.url}/login`);
      await smtpPage.evaluate(
        (value) => localStorage.setItem('authToken', value),
        unconfirmed.token,
      );
      await smtpPage.goto(`${operated.url}/admin/company`);
      const smtpCard = smtpPage.getByRole('region', { name: t['settings.testEmail.title'] });
      await expect.poll(() => smtpCard.getByTestId('test-email-note').count()).toBe(1);
      await expect
        .poll(() => smtpCard.getByTestId('test-email-note').innerText())
        .toContain(t['settings.testEmail.unconfirmed']!.split('{email}')[0]!);
      const smtpButton = smtpCard.getByRole('button', { name: t['settings.testEmail.button'] });
      expect(await smtpButton.isDisabled()).toBe(true);
      await smtpCard.scrollIntoViewIfNeeded();
      await screens(smtpPage, `test-email-unconfirmed-${lang}`);

      // Confirmed: no note, and the test goes to the SMTP server.
      await operated.deps.prisma.user.updateMany({
        where: { loginEmail: unconfirmed.email.toLowerCase() },
        data: { emailConfirmedAt: new Date() },
      });
      await smtpPage.reload();
      await expect.poll(() => smtpButton.isEnabled()).toBe(true);
      expect(await smtpCard.getByTestId('test-email-note').count()).toBe(0);
      await smtpButton.click();
      await expect
        .poll(() => smtpCard.getByTestId('test-email-result').innerText())
        .toContain(t['settings.testEmail.sent']!.split('{email}')[0]!);
      expect(page.errors).toEqual([]);
      expect(smtpPage.errors).toEqual([]);
    });
  }
});

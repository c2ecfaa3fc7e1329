import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import type { TParsedMail } from '../api/src/testing/smtp-sink.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { mailHtml } from '../api/src/mail/mail-html.tsx';
import {
  confirmationMail,
  releaseMail,
} from '../api/src/services/changelog/changelog-mail-texts.ts';
import {
  adminCommentTexts,
  mentionTexts,
  newIdeaDigestTexts,
  newIdeaTexts,
  rejectionTexts,
  releaseTexts,
  statusChangeTexts,
} from '../api/src/services/notification/notification-texts.ts';
import type { TMailTexts } from '../api/src/services/notification/notification-texts.ts';
import { invitationMail } from '../api/src/services/team/invitation-mail.ts';
import { launchChromium } from './browser.ts';
import { saveScreenshot } from './console.ts';

/**
 * Every mail goes as HTML beside its text (multipart/alternative), through a real SMTP
 * conversation, in one layout: the company's logo or name, the text's paragraphs, its links as
 * buttons, the footer with the unsubscribe link, readable in dark mode. Each mail's HTML is
 * opened in Chromium and must say what its text part says, in the reader's language.
 */
describe('mail as HTML', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TTestServer;
  let browser: Browser;
  let company: TRestCompany;
  const mails: (TParsedMail & { to: string[] })[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ smtpUrl: smtp.url });
    browser = await launchChromium();
    company = await restCompany(server);
    await server.deps.prisma.company.update({
      where: { id: company.owner.companyId },
      data: { name: 'Acme Widgets', logoUrl: `${server.url}/no-such-logo.png` },
    });
    const english = await addEndUser(server, company.owner.companyId, { name: 'Ann Voter' });
    const polish = await addEndUser(server, company.owner.companyId, { name: 'Ola Głosująca' });
    await server.deps.prisma.user.update({
      where: { id: polish.userId },
      data: { language: 'pl-PL' },
    });
    for (const voter of [english, polish]) {
      await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
        token: voter.token,
      });
    }
    await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
      token: company.owner.token,
      body: { status: 'PLANNED' },
    });
    await server.deps.mailer.flush();
    for (const raw of smtp.messages) mails.push({ ...(await readMail(raw)), to: raw.to });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  /** What a reader of the HTML part sees: its text, its links, its language, in Chromium. */
  async function openHtml(mail: TParsedMail, name: string, colorScheme: 'light' | 'dark') {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      colorScheme,
    });
    const page = await context.newPage();
    // Pictures off: a mail client asks before loading them, and the test reaches no host.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(mail.html ?? '');
    const seen = await page.evaluate(() => ({
      text: document.body.innerText,
      links: [...document.querySelectorAll('a')].map((a) => ({
        href: a.href,
        label: a.innerText.trim(),
      })),
      lang: document.documentElement.lang,
      card: getComputedStyle(document.querySelector('.fb-card')!).backgroundColor,
      page: getComputedStyle(document.querySelector('.fb-page > table td')!).backgroundColor,
    }));
    await saveScreenshot(page, `mail-${name}-${colorScheme}-1440`);
    await page.setViewportSize({ width: 390, height: 800 });
    await saveScreenshot(page, `mail-${name}-${colorScheme}-390`);
    await context.close();
    return seen;
  }

  const words = (text: string) =>
    text
      .replace(/https?:\/\/\S+/g, ' ')
      .split(/[\s"“”„]+/)
      .map((w) => w.replace(/[.,:;!?()]+$/g, ''))
      .filter((w) => w.length > 0 && w !== '--');
  const urls = (text: string) =>
    [...text.matchAll(/https?:\/\/[^\s]+[^\s.,;:!?)]/g)].map((m) => m[0]);

  it('sends every mail with an HTML part beside its text, and no note of the mailer as a header', () => {
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) {
      expect(mail.contentType).toBe('multipart/alternative');
      expect(mail.html).toContain('<!DOCTYPE html>');
      expect(mail.header('x-feedboard-language')).toBeUndefined();
      expect(mail.header('x-feedboard-company')).toBeUndefined();
    }
  });

  it('says in HTML what the text says, with its links, for every mail sent', async () => {
    for (const [i, mail] of mails.entries()) {
      const seen = await openHtml(mail, `kind-${i}`, 'light');
      const shown = seen.text.replace(/\s+/g, ' ');
      for (const word of words(mail.text)) expect(shown, mail.subject).toContain(word);
      const hrefs = seen.links.map((link) => link.href);
      for (const url of urls(mail.text)) expect(hrefs, mail.subject).toContain(url);
    }
  });

  it('heads a voter’s mail with the company, shows the idea as a button, and speaks the reader’s language', async () => {
    const toVoters = mails.filter(
      (mail) => mail.subject.includes('Planned') || mail.subject.includes('Zaplanowany'),
    );
    expect(toVoters).toHaveLength(2);
    const english = toVoters.find((mail) => mail.text.startsWith('Hi'))!;
    const polish = toVoters.find((mail) => mail.text.startsWith('Cześć'))!;
    const en = await openHtml(english, 'status-en', 'light');
    expect(en.lang).toBe('en');
    expect(english.html).toContain('alt="Acme Widgets"');
    expect(en.links.some((link) => link.label === 'See it')).toBe(true);
    const unsubscribe = /https?:\/\/\S+\/unsubscribe\/\S+/.exec(english.text)?.[0];
    expect(en.links.map((link) => link.href)).toContain(unsubscribe);
    const pl = await openHtml(polish, 'status-pl', 'light');
    expect(pl.lang).toBe('pl');
    expect(pl.links.some((link) => link.label === 'Zobacz')).toBe(true);
    expect(pl.text).toContain('Wysłane przez Feedboard');
  });

  it('turns dark with the reader’s dark scheme', async () => {
    const mail = mails.find((m) => m.subject.includes('Planned'))!;
    const light = await openHtml(mail, 'status-en', 'light');
    const dark = await openHtml(mail, 'status-en', 'dark');
    expect(light.card).toBe('rgb(255, 255, 255)');
    expect(dark.card).not.toBe(light.card);
    expect(dark.page).not.toBe(light.page);
  });

  it('escapes what people wrote: an idea title is text, never markup', async () => {
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: '<img src=x onerror=alert(1)> & more' },
    });
    const voter = await addEndUser(server, company.owner.companyId);
    await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, { token: voter.token });
    const mark = smtp.messages.length;
    await expectCall(server, 'PUT', `/ideas/${idea.id}/status`, 200, {
      token: company.owner.token,
      body: { status: 'COMPLETE' },
    });
    await server.deps.mailer.flush();
    const sent = await Promise.all(smtp.messages.slice(mark).map((raw) => readMail(raw)));
    const mail = sent.find((m) => m.text.includes('<img src=x'))!;
    expect(mail.html).not.toContain('<img src=x');
    const seen = await openHtml(mail, 'escaped', 'light');
    expect(seen.text).toContain('<img src=x onerror=alert(1)> & more');
  });

  it('renders every template of both languages so that its HTML says what its text says', async () => {
    const idea = { title: 'Dark mode', boardName: 'Ideas', url: 'https://acme.example/i/1' };
    const link = 'https://acme.example/confirm/abc';
    const templates: Record<string, TMailTexts> = {
      status: statusChangeTexts({ idea, status: 'PLANNED' }),
      declined: statusChangeTexts({
        idea,
        status: 'DECLINED',
        decline: { reason: 'OTHER', comment: 'Not now.', mergedInto: null, votesMoved: false },
      }),
      release: releaseTexts({
        name: 'Spring',
        date: '2026-11-20',
        parts: ['Dark mode'],
        url: link,
      }),
      comment: adminCommentTexts({ idea, authorName: 'Kim', text: 'On it.\n\nSoon.' }),
      newIdea: newIdeaTexts({ idea, authorName: 'Ann', description: 'Please.', isAwaiting: true }),
      digest: newIdeaDigestTexts({
        day: '2026-11-20',
        total: 2,
        ideas: [{ ...idea, authorName: 'Ann', isAwaiting: false }],
        moreUrl: link,
      }),
      rejection: rejectionTexts({ idea, reason: 'Spam.' }),
      mention: mentionTexts({ idea, authorName: 'Kim', text: '@Ann look', isInternal: false }),
      changelogConfirmation: {
        en: confirmationMail('en', { company: 'Acme', email: 'a@example.com', link }),
        pl: confirmationMail('pl', { company: 'Acme', email: 'a@example.com', link }),
      },
      changelogRelease: {
        en: releaseMail('en', {
          company: 'Acme',
          name: 'Spring',
          date: '2026-11-20',
          summary: 'Faster.',
          parts: ['Dark mode'],
          link,
        }),
        pl: releaseMail('pl', {
          company: 'Acme',
          name: 'Spring',
          date: '2026-11-20',
          summary: 'Faster.',
          parts: ['Dark mode'],
          link,
        }),
      },
      invitation: {
        en: invitationMail('en-US', { inviter: 'Kim', company: 'Acme', role: 'MEMBER', link }),
        pl: invitationMail('pl-PL', { inviter: 'Kim', company: 'Acme', role: 'MEMBER', link }),
      },
    };
    for (const [name, texts] of Object.entries(templates)) {
      for (const language of ['en', 'pl'] as const) {
        const { subject, text } = texts[language];
        const html = mailHtml(subject, text, {
          companyName: 'Acme',
          logoUrl: null,
          language: language === 'pl' ? 'pl-PL' : 'en-US',
        });
        const seen = await openHtml(
          { subject, text, html } as TParsedMail,
          `${name}-${language}`,
          'light',
        );
        expect(seen.lang, name).toBe(language);
        const shown = seen.text.replace(/\s+/g, ' ');
        for (const word of words(text)) expect(shown, `${name} ${language}`).toContain(word);
        const hrefs = seen.links.map((a) => a.href);
        for (const url of urls(text))
          expect(hrefs, `${name} ${language}`).toContain(new URL(url).href);
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany, restReleaseWithIdeas } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import type { TParsedMail } from '../../testing/smtp-sink.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * What the status-change and release mails say to a board's end users: the board's own status
 * names, links to the idea and to the release's changelog page, the release's notes, where an
 * end user chooses their mails, and one mail (not two) when publishing a release completes
 * their idea. Read as delivered, through the SMTP sink.
 */

const APP_URL = 'https://boards.example.com';

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let company: TRestCompany;
let slug: string;
let boardSlug: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL });
  company = await restCompany(server);
  ({ slug } = await server.deps.prisma.company.findUniqueOrThrow({
    where: { id: company.owner.companyId },
  }));
  ({ slug: boardSlug } = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: company.boardId },
  }));
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function settled(): Promise<number> {
  await server.deps.mailer.flush();
  return smtp.messages.length;
}

/** The mails received since `from`, decoded, by recipient. */
async function mailsSince(from: number): Promise<Map<string, TParsedMail[]>> {
  await server.deps.mailer.flush();
  const byRecipient = new Map<string, TParsedMail[]>();
  for (const mail of smtp.messages.slice(from)) {
    const parsed = await readMail(mail);
    for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), parsed]);
  }
  return byRecipient;
}

async function endUser(name: string, language = 'en-US'): Promise<TTestAccount> {
  const account = await addEndUser(server, company.owner.companyId, { name });
  await expectCall(server, 'PUT', '/profile/language', 200, {
    token: account.token,
    body: { language },
  });
  return account;
}

async function newIdea(title: string, status?: string): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title },
  });
  if (status) await setStatus(idea.id, status);
  return idea.id as number;
}

const setStatus = (ideaId: number, status: string, customStatusId?: number) =>
  expectCall(server, 'PUT', `/ideas/${ideaId}/status`, 200, {
    token: company.owner.token,
    body: { status, ...(customStatusId ? { customStatusId } : {}) },
  });

const vote = (ideaId: number, account: TTestAccount) =>
  expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: account.token });

function customStatus(kind: string, nameEn: string, namePl: string, position: number) {
  return server.deps.prisma.boardStatus.create({
    data: {
      boardId: company.boardId,
      kind: kind as 'COMPLETE',
      nameEn,
      namePl,
      color: '22aa55',
      position,
    },
  });
}

const ideaLink = (id: number, titleSlug: string) =>
  `${APP_URL}/public/${slug}/${boardSlug}/ideas/${id}-${titleSlug}`;

describe('status change mails', () => {
  it("name the board's custom status in the reader's language, falling back to English, then to the kind", async () => {
    const english = await endUser('Ed English');
    const polish = await endUser('Pola Polska', 'pl-PL');
    const beta = await customStatus('IN_PROGRESS', 'In beta', 'W becie', 20);
    const shipped = await customStatus('COMPLETE', 'Shipped', '', 21);
    const ideaId = await newIdea('Custom names in mails', 'OPEN');
    await vote(ideaId, english);
    await vote(ideaId, polish);

    let mark = await settled();
    await setStatus(ideaId, 'IN_PROGRESS', beta.id);
    let mails = await mailsSince(mark);
    expect(mails.get(english.email)?.[0]?.subject).toBe(
      '"Custom names in mails": the status is now In beta',
    );
    expect(mails.get(english.email)?.[0]?.text).toContain('has a new status: In beta.');
    expect(mails.get(polish.email)?.[0]?.subject).toBe(
      '„Custom names in mails”: nowy status – W becie',
    );
    expect(mails.get(polish.email)?.[0]?.text).toContain('ma nowy status: W becie.');

    // No Polish name: the English one, in both languages.
    mark = await settled();
    await setStatus(ideaId, 'COMPLETE', shipped.id);
    mails = await mailsSince(mark);
    expect(mails.get(english.email)?.[0]?.subject).toBe(
      '"Custom names in mails": the status is now Shipped',
    );
    expect(mails.get(polish.email)?.[0]?.subject).toBe(
      '„Custom names in mails”: nowy status – Shipped',
    );

    // Without a custom status, the kind's own name.
    mark = await settled();
    await setStatus(ideaId, 'PLANNED');
    mails = await mailsSince(mark);
    expect(mails.get(english.email)?.[0]?.subject).toBe(
      '"Custom names in mails": the status is now Planned',
    );
    expect(mails.get(polish.email)?.[0]?.subject).toBe(
      '„Custom names in mails”: nowy status – Zaplanowany',
    );
  });

  it('link the idea itself, and tell an end user to choose mails on the board, a team member in the profile', async () => {
    const voter = await endUser('Vera Voter');
    const polish = await endUser('Piotr Polak', 'pl-PL');
    const teammate = await addEndUser(server, company.owner.companyId, {
      name: 'Tom Team',
      role: 'MEMBER',
    });
    const ideaId = await newIdea('Link to the idea', 'OPEN');
    for (const account of [voter, polish, teammate]) await vote(ideaId, account);

    const mark = await settled();
    await setStatus(ideaId, 'PLANNED');
    const mails = await mailsSince(mark);
    const toVoter = mails.get(voter.email)?.[0] as TParsedMail;
    expect(toVoter.text).toContain(`See it: ${ideaLink(ideaId, 'link-to-the-idea')}\n`);
    expect(toVoter.text).toContain(
      'or choose which ones you get under "Email notifications" on the board (in its widget or portal).',
    );
    expect(toVoter.text).not.toContain('profile settings');
    const toPolish = mails.get(polish.email)?.[0] as TParsedMail;
    expect(toPolish.text).toContain(`Zobacz: ${ideaLink(ideaId, 'link-to-the-idea')}\n`);
    expect(toPolish.text).toContain(
      'albo wybierz, które chcesz dostawać, na tablicy (w sekcji „Powiadomienia e-mail” w widżecie lub portalu).',
    );
    const toTeam = mails.get(teammate.email)?.[0] as TParsedMail;
    expect(toTeam.text).toContain('or choose which ones you get in your profile settings.');
    // The link is the portal's own for the idea: it opens the idea's page.
    const page = await fetch(ideaLink(ideaId, 'link-to-the-idea').replace(APP_URL, server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Link to the idea');
  });
});

const PUBLISH = `mutation ($releaseId: ID!, $complete: Boolean) {
  publishRelease(releaseId: $releaseId, published: true, completeLinkedIdeas: $complete) {
    __typename ... on AppError { code message }
  } }`;

async function publish(releaseId: number, complete: boolean) {
  const { body } = await gql(
    server,
    PUBLISH,
    { releaseId: globalId('Release', releaseId), complete },
    company.owner.token,
  );
  expect(body.data.publishRelease.__typename).toBe('MutationPublishReleaseSuccess');
}

describe('release mails', () => {
  it("link the release's changelog page and quote the start of its notes as plain text", async () => {
    const voter = await endUser('Rene Reader');
    const polish = await endUser('Renata Polska', 'pl-PL');
    const ideaId = await newIdea('Notes in the release mail', 'IN_PROGRESS');
    await vote(ideaId, voter);
    await vote(ideaId, polish);
    const releaseId = await restReleaseWithIdeas(server, company, 'Spring 2026', [ideaId]);
    const long = 'Every board now has a dark theme. '.repeat(20);
    await server.deps.prisma.release.update({
      where: { id: releaseId },
      data: {
        body: `## What is new\n\n**Dark mode** for [every board](https://x.example).\n\n${long}`,
      },
    });

    const mark = await settled();
    await publish(releaseId, false);
    const mails = await mailsSince(mark);
    const link = `${APP_URL}/public/${slug}/changelog/${releaseId}-spring-2026`;
    const english = mails.get(voter.email)?.[0] as TParsedMail;
    expect(english.subject).toBe('Released: Spring 2026');
    expect(english.text).toContain(`Release notes: ${link}\n`);
    expect(english.text).toContain('What is new Dark mode for every board. Every board now');
    expect(english.text).not.toMatch(/##|\*\*|\]\(/);
    const notes = english.text.split('\n').find((line) => line.startsWith('What is new'));
    expect(notes?.length).toBeLessThanOrEqual(400);
    expect(notes?.endsWith('…')).toBe(true);
    expect(mails.get(polish.email)?.[0]?.text).toContain(`Informacje o wydaniu: ${link}\n`);
    // The link opens the release's own page on the portal.
    const page = await fetch(link.replace(APP_URL, server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Spring 2026');
  });

  it('completing the linked ideas mails a voter once (the release, naming their idea); others still get the status mail', async () => {
    const voter = await endUser('Una Once');
    const polish = await endUser('Ola Raz', 'pl-PL');
    const ideaId = await newIdea('Ship it in one mail', 'IN_PROGRESS');
    await vote(ideaId, voter);
    await vote(ideaId, polish);
    // A voter the release mail does not reach: they had it already (an earlier publishing).
    const earlier = await endUser('Earl Earlier');
    await vote(ideaId, earlier);
    const releaseId = await restReleaseWithIdeas(server, company, 'One mail', [ideaId]);
    await server.deps.prisma.mail.create({
      data: {
        to: earlier.email,
        subject: 'Released: One mail',
        text: 'before',
        topic: 'RELEASE',
        userId: earlier.userId,
        dedupeKey: `release:${releaseId}:${earlier.userId}`,
        status: 'SENT',
      },
    });

    const mark = await settled();
    await publish(releaseId, true);
    const mails = await mailsSince(mark);
    expect(mails.get(voter.email)?.map((m) => m.subject)).toEqual(['Released: One mail']);
    const text = mails.get(voter.email)?.[0]?.text ?? '';
    expect(text).toContain(
      'Now complete, of the ideas you submitted or voted for:\n  • Ship it in one mail\n',
    );
    expect(mails.get(polish.email)?.map((m) => m.subject)).toEqual(['Wydano: One mail']);
    expect(mails.get(polish.email)?.[0]?.text).toContain(
      'Teraz ukończone (Twoje pomysły lub z Twoim głosem):\n  • Ship it in one mail\n',
    );
    // Not reached by the release mail: told by the status mail, as before (in the board's name
    // for the completed status, "Shipped", made above).
    expect(mails.get(earlier.email)?.map((m) => m.subject)).toEqual([
      '"Ship it in one mail": the status is now Shipped',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail, startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, registerAccount, saveScreenshot, startConsole, type TConsole } from './console.ts';

/**
 * The team, as people use it: the owner invites a MEMBER from the users screen, the invitee
 * opens the link from the mail (real SMTP) in another browser, joins, sees the company's
 * boards, has no admin items in the menu, and is refused an admin page typed in by hand.
 */
describe.skipIf(!hasChromium())('console: inviting a team member', () => {
  let console_: TConsole;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    console_ = await startConsole({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await console_?.close();
    await smtp?.close();
  });

  it('invites a MEMBER who joins through the mailed link and sees boards but no admin pages', async () => {
    const { server } = console_;
    const owner = await registerAccount(server, 'Team Company');
    const created = await server.call('POST', '/graphql', {
      token: owner.token,
      body: { query: 'mutation { createBoard(name: "Private roadmap") { __typename } }' },
    });
    expect(created.body.data.createBoard.__typename).toBe('MutationCreateBoardSuccess');
    const invitee = `teammate.${Date.now()}@example.com`;

    const page = await console_.open();
    await logIn(page, server, owner);
    await page.goto(`${server.url}/admin/users`);
    await page.getByLabel('Email').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() => page.getByText(`Invitation sent to ${invitee}.`).isVisible())
      .toBe(true);
    // The link is shown once, to copy; the mail carries a link of its own (the one that proves
    // the address).
    const dialog = page.getByRole('dialog', { name: 'Invitation link' });
    const shownLink = await dialog.getByLabel(`Invitation link for ${invitee}`).inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).count())
      .toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'team-invite');

    // The mail arrives over SMTP with the link.
    let path = '';
    await expect
      .poll(async () => {
        await server.deps.mailer.flush();
        const mail = smtp.messages.find((m) => m.to.includes(invitee));
        if (!mail) return '';
        path = /\/invitation\/[A-Za-z0-9_-]+/.exec((await readMail(mail)).text)?.[0] ?? '';
        return path;
      })
      .toMatch(/^\/invitation\//);
    expect(new URL(shownLink).pathname).toMatch(/^\/invitation\//);
    expect(new URL(shownLink).pathname).not.toBe(path);

    // A second browser (no shared storage) accepts it with the keyboard.
    const guest = await console_.open();
    await guest.goto(`${server.url}${path}`);
    await expect
      .poll(() => guest.getByText('You are invited to the Team Company team').isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guest.getByLabel('Your name').fill('Tess Teammate');
    await guest.getByLabel('Password').fill('teammate-pass-1');
    await guest.getByLabel('Password').press('Enter');
    await guest.waitForURL('**/admin/boards');
    await expect.poll(() => guest.getByText('Private roadmap').first().isVisible()).toBe(true);
    expect(await guest.getByRole('button', { name: 'New board' }).count()).toBe(0);

    const menu = guest.getByRole('navigation', { name: 'Main menu' }).first();
    expect(await menu.getByRole('link', { name: 'Boards' }).count()).toBe(1);
    for (const name of [
      'Company',
      'Webhooks',
      'API keys',
      'Integrations',
      'Audit log',
      'Plan',
      'Users',
    ]) {
      expect(await menu.getByRole('link', { name }).count(), name).toBe(0);
    }
    await saveScreenshot(guest, 'team-member-boards');

    for (const admin of ['/admin/webhooks', '/admin/api-keys', '/admin/subscription']) {
      await guest.goto(`${server.url}${admin}`);
      await expect
        .poll(() => guest.getByRole('heading', { name: 'Not for your role' }).isVisible())
        .toBe(true);
    }
    // The server refuses the MEMBER too, whatever the console shows.
    const token = await guest.evaluate(() => localStorage.getItem('authToken'));
    const refused = await server.call('GET', '/api/v1/webhooks', { token: token ?? '' });
    expect(refused.status).toBe(403);

    // The owner sees the new member in the users list with their role.
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Role of Tess Teammate' }).inputValue())
      .toBe('MEMBER');
    // Its remove button is named by the words it shows (voice control: "click Remove from
    // team"), for axe's label-content-name-mismatch at every impact (walkthrough 10, F11).
    const remove = page.getByRole('button', { name: 'Remove from team: Tess Teammate' });
    expect(await remove.innerText()).toBe('Remove from team');
    await remove.click();
    const confirm = page.getByRole('button', {
      name: 'Confirm removal of Tess Teammate from the team (their ideas and comments stay)',
    });
    expect(await confirm.innerText()).toBe('Confirm removal');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

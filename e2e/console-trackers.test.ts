import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSecretKeys } from '../api/src/auth/secret-box.ts';
import { setPlan, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { expectCall } from '../api/src/testing/rest-fixtures.ts';
import { startTrackerStandIn } from '../api/src/testing/tracker-stand-in.ts';
import type { TTrackerStandIn } from '../api/src/testing/tracker-stand-in.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { expectToast, logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

/** What signUpCompany registers with. */
const PASSWORD = 'secret-password';
const TOKEN = 'ghp_e2eStandInToken0123456789abcdef9876';
const WEBHOOK_SECRET = 'e2e-github-webhook-secret-0123';

describe.skipIf(!hasChromium())('console: GitHub and Linear issues', () => {
  let console_: TConsole;
  let trackers: TTrackerStandIn;
  let admin: TTestAccount;

  beforeAll(async () => {
    trackers = await startTrackerStandIn({
      githubToken: TOKEN,
      githubRepo: 'acme/roadmap',
      linearKey: 'lin_api_e2e',
      linearTeamId: 'team-e2e',
    });
    console_ = await startConsole({
      secretKeys: parseSecretKeys('e2e-trackers-secrets-key-0123456789', undefined),
      githubApiUrl: trackers.githubApiUrl,
      linearApiUrl: trackers.linearApiUrl,
    });
    admin = await signUpCompany(console_.server, 'Issue Linkers Inc');
    await setPlan(console_.server, admin.companyId, 'ULTRA');
  });
  afterAll(async () => {
    await console_?.close();
    await trackers?.close();
  });

  it('connects GitHub against the stand-in, creates an issue from an idea and shows the link', async () => {
    const { server } = console_;
    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/integrations`);
    const github = page.getByTestId('tracker-github');
    await expect.poll(() => github.getByLabel('Personal access token').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A bad token is refused next to its field; then the right one, from the keyboard.
    await github.getByLabel('Personal access token').fill('ghp_wrong');
    await github.getByLabel('Repository').fill('acme/roadmap');
    await github.getByLabel('Webhook signing secret').fill(WEBHOOK_SECRET);
    await github.getByLabel('Repository').press('Enter');
    await expect
      .poll(() => github.getByText('GitHub refused the token', { exact: false }).isVisible())
      .toBe(true);
    await github.getByLabel('Personal access token').fill(TOKEN);
    await github.getByLabel('Webhook signing secret').fill(WEBHOOK_SECRET);
    await github.getByLabel('Personal access token').press('Enter');
    await expectToast(page, 'Connection saved.');
    const webhookUrl = github.getByLabel('Webhook URL');
    await expect
      .poll(() => webhookUrl.inputValue())
      .toMatch(/\/api\/v1\/integrations\/github\/[\w-]+$/);
    expect(await github.textContent()).toContain('Set (ends in 9876)');
    // The token and the secret are never on the page again.
    expect(await page.content()).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(WEBHOOK_SECRET);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'integrations-trackers');

    // An idea, then its dialog: create the issue on GitHub.
    const { id: boardId } = await expectCall(
      server,
      'POST',
      `/companies/${admin.companyId}/boards`,
      201,
      { token: admin.token, body: { name: 'Tracker board' } },
    );
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: admin.token,
      headers: { 'x-board-id': String(boardId) },
      body: { title: 'Export to CSV', description: 'Our finance team needs it.' },
    });
    await page.goto(`${server.url}/admin/boards/${boardId}/ideas/${idea.id}`);
    const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
    const links = dialog.getByTestId('idea-issue-links');
    await expect.poll(() => links.getByText('No issue is linked yet.').isVisible()).toBe(true);
    await links.getByRole('button', { name: 'Create on GitHub' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => links.getByRole('link', { name: /#1 Export to CSV/ }).isVisible())
      .toBe(true);
    expect(trackers.githubIssues).toHaveLength(1);
    expect(trackers.githubIssues[0]!.body).toContain('Our finance team needs it.');
    expect(await links.getByRole('link', { name: /#1 Export to CSV/ }).getAttribute('href')).toBe(
      'https://github.com/acme/roadmap/issues/1',
    );

    // A bad address is refused next to the field.
    await links.getByLabel('Link an existing issue by its address').fill('https://example.com/x');
    await links.getByLabel('Link an existing issue by its address').press('Enter');
    await expect
      .poll(() =>
        links.getByText('Paste the address of a GitHub issue', { exact: false }).isVisible(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'idea-issue-links');

    // Unlink: the list is empty again.
    await links.getByRole('button', { name: 'Unlink #1' }).click();
    await expect.poll(() => links.getByText('No issue is linked yet.').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  }, 120_000);
});

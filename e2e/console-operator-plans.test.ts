import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, mutate } from '../api/src/testing/graphql-client.ts';
import { setOperatorPlan } from '../api/src/services/plan/set-operator-plan.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, registerAccount, saveScreenshot, startConsole, type TConsole } from './console.ts';

/**
 * /admin/subscription on a server without a payment provider: the team is on the default plan
 * (ULTRA), the page says the operator sets plans (with the command only for a company below the
 * top plan: nothing to upgrade on ULTRA), offers no checkout or invoice, and shows no over-cap
 * count.
 */
describe.skipIf(!hasChromium())('console: plans on a server without payments', () => {
  let console_: TConsole;
  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** A new company with 3 boards and 6 ideas (past FREE's 1 and 5), signed in, on its plan page. */
  async function openFilledPlanPage(language: 'en-US' | 'pl-PL', width: number) {
    const { server } = console_;
    const account = await registerAccount(server, 'Self Hosted Co', { language });
    const createBoard = `mutation ($name: String!) { createBoard(name: $name) {
      __typename ... on MutationCreateBoardSuccess { data { id } } ${APP_ERROR} } }`;
    const createIdea = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
      __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
    const boards: string[] = [];
    for (const name of ['Product ideas', 'Mobile app', 'Integrations']) {
      boards.push((await mutate(server, 'createBoard', createBoard, { name }, account.token)).id);
    }
    for (let i = 1; i <= 6; i += 1) {
      await mutate(
        server,
        'createIdea',
        createIdea,
        { boardId: boards[0], title: `Idea number ${i}` },
        account.token,
      );
    }
    const user = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: account.email.toLowerCase(), role: 'OWNER' },
      include: { company: true },
    });
    // The account's language picks the console's (the sign-in form stays in the browser's).
    const page = await console_.open({ viewport: { width, height: 900 } });
    await logIn(page, server, account);
    await page.goto(`${server.url}/admin/subscription`);
    return { page, slug: user.company.slug };
  }

  it('says that the operator sets plans, with the command, and shows no over-cap count', async () => {
    const { page, slug } = await openFilledPlanPage('en-US', 1440);
    const note = page.getByTestId('operator-plans');
    await expect.poll(() => note.isVisible()).toBe(true);
    // On the top plan already (the default here): no command that would set it again.
    expect(await note.innerText()).toContain(
      'Your company is on Enterprise, the highest plan: there is nothing to upgrade. On this server the operator sets each company’s plan; nothing is bought here.',
    );
    expect(await note.locator('code').count()).toBe(0);
    expect(await note.innerText()).not.toContain('npm run plan');
    const stats = page.getByTestId('current-plan');
    await expect.poll(() => stats.innerText()).toContain('Enterprise');
    expect(await stats.innerText()).toContain('3 of unlimited');
    expect(await stats.innerText()).toContain('6 of unlimited');
    expect(await stats.innerText()).not.toMatch(/\d of \d/);
    expect(await page.getByText('Over the limit').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Request invoice' }).count()).toBe(0);
    // Nothing is for sale here: no plan picker, no prices (first hour: it offered Enterprise at $199).
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect(await page.getByText('$199').count()).toBe(0);
    expect(await page.getByText('Save 20% with a yearly plan.').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await saveScreenshot(page, 'subscription-operator-1440-en');

    // The operator sets FREE: the same page now counts against FREE's caps, and says who lifts
    // them, with the command that would.
    await setOperatorPlan(console_.server.deps.prisma, { slug, plan: 'FREE' });
    await page.reload();
    await expect.poll(() => stats.innerText()).toContain('6 of 5');
    expect(await note.innerText()).toContain(
      'On this server the operator sets each company’s plan',
    );
    expect(await note.locator('code').innerText()).toBe(`npm run plan -- set ${slug} ULTRA`);
    expect(await note.innerText()).not.toContain('the highest plan');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscription-operator-free-1440-en');
    await expect
      .poll(() =>
        page
          .getByText('until the server’s operator raises your plan', { exact: false })
          .isVisible(),
      )
      .toBe(true);
  }, 180_000);

  it('says it in Polish on a phone', async () => {
    const { page, slug } = await openFilledPlanPage('pl-PL', 390);
    const note = page.getByTestId('operator-plans');
    await expect.poll(() => note.isVisible()).toBe(true);
    // The console switches to the account's language once its catalogue has loaded: wait for it.
    await expect
      .poll(() => note.innerText())
      .toContain(
        'Twoja firma ma plan Enterprise, najwyższy: nie ma czego podnosić. Na tym serwerze plan każdej firmy ustawia jego operator',
      );
    expect(await note.locator('code').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscription-operator-390-pl');
    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, 'subscription-operator-1440-pl');

    // On a lower plan the command is there, in Polish too.
    await setOperatorPlan(console_.server.deps.prisma, { slug, plan: 'COMPANY' });
    await page.reload();
    await expect
      .poll(() => note.innerText())
      .toContain('Na tym serwerze plan każdej firmy ustawia jego operator');
    expect(await note.locator('code').innerText()).toBe(`npm run plan -- set ${slug} ULTRA`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, registerAccount, saveScreenshot, startConsole, type TConsole } from './console.ts';

/**
 * Customers and value, as an admin uses them: add a customer company (a field error first),
 * import a CSV whose bad row the preview names, import the fixed file, attach a voter to the
 * company, and see the idea's value and the Value sort and segment on the ideas list.
 */
describe.skipIf(!hasChromium())('console: customers and value', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('creates a customer, imports a CSV after its preview, and an attached voter gives the idea value', async () => {
    const { server } = console_;
    const owner = await registerAccount(server, 'Valued Company');
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await server.call('POST', '/graphql', { token: owner.token, body: { query, variables } }))
        .body.data;
    const boardId = (
      await gql(
        'mutation { createBoard(name: "Customer ideas") { ... on MutationCreateBoardSuccess { data { id } } } }',
      )
    ).createBoard.data.id as string;
    const ideaId = (
      await gql(
        'mutation ($boardId: ID!) { createIdea(boardId: $boardId, title: "Audit log export") { ... on MutationCreateIdeaSuccess { data { id } } } }',
        { boardId },
      )
    ).createIdea.data.id as string;
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: decodeId(boardId, 'Board') },
    });
    const companyId = board.companyId;
    // New boards are private: let the company's end users (confirmed @example.com) see it.
    await server.deps.prisma.board.update({
      where: { id: board.id },
      data: { allowedEmailDomains: ['example.com'] },
    });
    const voter = await addEndUser(server, companyId, { name: 'Vera Voter' });
    const voted = await server.call('POST', '/graphql', {
      token: voter.token,
      body: {
        query: 'mutation ($id: ID!) { upvoteIdea(ideaId: $id) { __typename } }',
        variables: { id: ideaId },
      },
    });
    expect(voted.body.data.upvoteIdea.__typename).toBe('MutationUpvoteIdeaSuccess');

    const page = await console_.open();
    await logIn(page, server, owner);
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.waitForURL('**/admin/customers');
    await expect.poll(() => page.getByText('No customer companies yet.').isVisible()).toBe(true);

    // Create, with a field error first.
    await page.getByLabel('Name').fill('Acme Corp');
    await page.getByLabel('External id').fill('acme');
    await page.getByLabel('Monthly spend').fill('lots');
    await page.getByRole('button', { name: 'Add customer' }).click();
    await expect
      .poll(() => page.getByText('It has to be a number from 0 to 1,000,000,000.').isVisible())
      .toBe(true);
    await page.getByLabel('Monthly spend').fill('1200');
    await page.getByLabel('Monthly spend').press('Enter');
    await expect
      .poll(() => page.getByRole('row', { name: /Acme Corp/ }).textContent())
      .toContain('1,200');
    // The same external id again is refused on its field.
    await page.getByLabel('Name').fill('Acme again');
    await page.getByLabel('External id').fill('acme');
    await page.getByLabel('Monthly spend').fill('5');
    await page.getByRole('button', { name: 'Add customer' }).click();
    await expect
      .poll(() =>
        page.getByText('Another customer company already has this external id.').isVisible(),
      )
      .toBe(true);

    // Import: the preview names the bad row and column, and nothing can be committed.
    const file = page.getByLabel('CSV file');
    const bad = 'name,external id,monthly spend\nGlobex,globex,300\nInitech,initech,a lot\n';
    await file.setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    await page.getByRole('button', { name: 'Preview import' }).click();
    const problems = page.getByTestId('customer-import-problems');
    await expect
      .poll(() => problems.textContent())
      .toContain('Row 3, column monthly spend: It has to be a number from 0 to 1,000,000,000.');
    expect(await page.getByRole('button', { name: 'Import 1 row' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'customers-import-preview');

    // The fixed file previews one create and one update, then imports in one go.
    const good = 'name,external id,monthly spend\nGlobex,globex,300\nAcme Corporation,acme,1500\n';
    await file.setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await expect
      .poll(() => page.getByTestId('customer-import-preview').textContent())
      .toContain('1 customer company to create, 1 customer company to update.');
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect
      .poll(() => page.getByText('Imported: 1 created, 1 updated.').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('row', { name: /Acme Corporation/ }).textContent())
      .toContain('1,500');
    expect(await page.getByTestId('customer-row').count()).toBe(2);

    // The idea is worth nothing yet: nobody behind its vote works for a customer.
    const list = `${server.url}/admin/boards/${encodeURIComponent(boardId)}/list`;
    const valueOnCard = () =>
      page
        .getByTestId('idea-card-value')
        .count()
        .then(async (n) => (n ? page.getByTestId('idea-card-value').first().textContent() : null));

    // Attach the voter to Acme, from the keyboard.
    await page.getByRole('button', { name: 'Edit Acme Corporation' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('End user to attach').isVisible()).toBe(true);
    await dialog
      .getByLabel('End user to attach')
      .selectOption({ label: `Vera Voter (${voter.email})` });
    await dialog.getByRole('button', { name: 'Attach' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Detach Vera Voter' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByRole('row', { name: /Acme Corporation/ }).textContent())
      .toMatch(/\$1,500\.00None1Edit$/);

    // The ideas list shows the value, sorts by it and narrows to the customer.
    await page.goto(`${list}?sort=VALUE`);
    await expect.poll(valueOnCard).toBe('Value $1,500.00 a month');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('VALUE');
    await page.getByText('Customer segment').click();
    await page.getByLabel('Customer company').selectOption({ label: 'Globex' });
    await page.getByRole('button', { name: 'Apply segment' }).click();
    await expect.poll(() => page.getByText('No ideas match').isVisible()).toBe(true);
    await page.getByLabel('Customer company').selectOption({ label: 'Acme Corporation' });
    await page.getByRole('button', { name: 'Apply segment' }).click();
    await expect.poll(valueOnCard).toBe('Value $1,500.00 a month');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ideas-value-segment');

    // The idea's dialog shows the company behind the vote.
    await page.getByRole('button', { name: 'Audit log export', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('idea-value').textContent())
      .toContain('Acme Corporation: $1,500.00 a month, 1 voter');

    // And a spend change follows at once.
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/admin/customers`);
    await page.getByRole('button', { name: 'Edit Acme Corporation' }).click();
    await page.getByRole('dialog').getByLabel('Monthly spend').fill('2000');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.goto(`${list}?sort=VALUE`);
    await expect.poll(valueOnCard).toBe('Value $2,000.00 a month');
  });
});

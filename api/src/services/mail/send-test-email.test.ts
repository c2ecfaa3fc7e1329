import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, mutate, signUpCompany } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * "Send a test email" on a server without SMTP (the embedded default): no mail leaves it, so
 * the test goes to the server's log at once, also for a new owner whose address is not
 * confirmed yet (the confirmation mail never goes out either). With SMTP an unconfirmed address
 * is still refused (account/email-confirmation.test.ts).
 */

const TEST_EMAIL = `mutation { sendTestEmail { __typename ${APP_ERROR}
  ... on MutationSendTestEmailSuccess { data { outcome response to } } } }`;

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer({ smtpUrl: undefined });
});
afterAll(async () => {
  await server?.close();
});

describe('a test email on a server without SMTP', () => {
  it('goes to the log for a new owner whose address is unconfirmed; members are refused', async () => {
    const owner = await signUpCompany(server, 'Outbox Test Company', { confirmEmail: false });
    const answer = await mutate(server, 'sendTestEmail', TEST_EMAIL, {}, owner.token);
    expect(answer).toEqual({
      outcome: 'NOT_CONFIGURED',
      response: 'SMTP is not configured (SMTP_URL is unset): mail stays in the outbox.',
      to: owner.email,
    });
    // It is in the outbox, which the server prints to its log; nothing was sent.
    const mail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: owner.email, topic: 'TEST' },
    });
    expect(mail.status).not.toBe('SENT');

    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    expect(await mutate(server, 'sendTestEmail', TEST_EMAIL, {}, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

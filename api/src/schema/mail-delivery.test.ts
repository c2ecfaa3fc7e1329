import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationCost } from '../graphql/graphql-input-limits.ts';
import { addEndUser, gql, signUpCompany } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const MAIL_DELIVERY = '{ mailDelivery }';

let server: TTestServer;

beforeAll(async () => {
  // No SMTP_URL: the server's mail only goes to its log (the outbox).
  server = await startTestServer({ smtpUrl: undefined });
});
afterAll(async () => {
  await server?.close();
});

describe('mailDelivery', () => {
  it('tells the team OUTBOX without SMTP_URL and SMTP with it', async () => {
    const owner = await signUpCompany(server);
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    for (const token of [owner.token, member.token]) {
      const { body } = await gql(server, MAIL_DELIVERY, {}, token);
      expect(body).toEqual({ data: { mailDelivery: 'OUTBOX' } });
    }
    // The field reads the configuration at each request (the mailer is not asked to send).
    const { config } = server.deps;
    config.smtpUrl = 'smtp://127.0.0.1:2525';
    try {
      const { body } = await gql(server, MAIL_DELIVERY, {}, member.token);
      expect(body).toEqual({ data: { mailDelivery: 'SMTP' } });
    } finally {
      config.smtpUrl = undefined;
    }
  });

  it('refuses end users and asks anonymous callers to sign in', async () => {
    const owner = await signUpCompany(server);
    const endUser = await addEndUser(server, owner.companyId);
    const refused = await gql(server, MAIL_DELIVERY, {}, endUser.token);
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await gql(server, MAIL_DELIVERY);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('costs one point, as a scalar', () => {
    expect(operationCost(parse(MAIL_DELIVERY), undefined, {})).toBe(1);
  });
});

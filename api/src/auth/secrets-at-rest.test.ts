import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashToken } from './tokens.ts';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ smtpUrl: undefined });
});
afterAll(async () => {
  await server?.close();
});

describe('secrets at rest', () => {
  it('stores session, password-reset and email-confirmation tokens only as SHA-256 hashes, and no password', async () => {
    const email = 'at-rest@example.com';
    const password = 'a-memorable-password';
    const signUp = await server.call('POST', '/api/v1/registrations', {
      body: { email, password },
    });
    expect(signUp.status).toBe(201);
    const sessionToken: string = signUp.body.token;
    await server.call('POST', '/api/v1/password-recovery/send-link', { body: { email } });
    const mail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: email, topic: 'ACCOUNT' },
    });
    const resetToken = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThanOrEqual(43);
    const confirmationMail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: email, topic: 'EMAIL_CONFIRMATION' },
    });
    const confirmToken = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(confirmationMail.text)?.[1] ?? '';
    expect(confirmToken.length).toBeGreaterThanOrEqual(43);

    const sessions = await server.deps.prisma.session.findMany();
    const recoveries = await server.deps.prisma.passwordRecovery.findMany();
    const confirmations = await server.deps.prisma.emailConfirmation.findMany();
    const users = await server.deps.prisma.user.findMany();
    const everything = JSON.stringify({ sessions, recoveries, confirmations, users });
    expect(everything).not.toContain(sessionToken);
    expect(everything).not.toContain(resetToken);
    expect(everything).not.toContain(confirmToken);
    expect(confirmations.map((c) => c.tokenHash)).toContain(hashToken(confirmToken));
    expect(everything).not.toContain(password);
    expect(sessions.map((s) => s.tokenHash)).toContain(hashToken(sessionToken));
    expect(recoveries.map((r) => r.tokenHash)).toContain(hashToken(resetToken));
    expect(users.find((u) => u.loginEmail === email)?.passwordHash).toMatch(
      /^scrypt\$32768\$8\$1\$/,
    );
  });

  it('compares password hashes in full: a near miss, a truncated or a malformed hash fails', async () => {
    const stored = await hashPassword('right-password');
    expect(await verifyPassword('right-password', stored)).toBe(true);
    expect(await verifyPassword('right-passwore', stored)).toBe(false);
    expect(await verifyPassword('right-password', stored.slice(0, -4))).toBe(false);
    expect(await verifyPassword('right-password', 'plain-text-password')).toBe(false);
  });
});

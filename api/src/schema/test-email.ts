import { sendTestEmail } from '../services/mail/send-test-email.ts';
import type { TTestEmail } from '../services/mail/send-test-email.ts';
import { builder } from './builder.ts';

const TestEmailOutcomeEnum = builder.enumType('TestEmailOutcome', {
  description: 'What became of a test email.',
  values: {
    SENT: { description: 'The SMTP server accepted it.' },
    FAILED: { description: 'The SMTP server (or the connection to it) refused it.' },
    NOT_CONFIGURED: { description: 'SMTP_URL is unset: mail stays in the database outbox.' },
  } as const,
});

const TestEmailType = builder.objectRef<TTestEmail>('TestEmail').implement({
  description: 'The result of a test email, with the SMTP server’s exact answer.',
  fields: (t) => ({
    outcome: t.expose('outcome', {
      type: TestEmailOutcomeEnum,
      description: 'SENT, FAILED or NOT_CONFIGURED.',
    }),
    response: t.exposeString('response', {
      description: 'The server’s success line (e.g. "250 OK …") or its error, word for word.',
    }),
    to: t.exposeString('to', { description: 'Where it was sent: the admin’s own email.' }),
  }),
});

builder.mutationField('sendTestEmail', (t) =>
  t.field({
    type: TestEmailType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Sends a test email to the signed-in admin at once (outside the mail queue) and answers the SMTP server’s reply (admins; a few an hour per company and per address: RATE_LIMITED, 429).',
    resolve: (_root, _args, context) => sendTestEmail(context.deps, context.viewer, context.client),
  }),
);

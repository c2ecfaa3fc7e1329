import { findMailDelivery } from '../services/mail/find-mail-delivery.ts';
import { builder } from './builder.ts';

const MailDeliveryEnum = builder.enumType('MailDelivery', {
  description: 'Where this server’s mail goes (SMTP_URL set or not).',
  values: {
    SMTP: { description: 'SMTP_URL is set: mail goes to the SMTP server.' },
    OUTBOX: {
      description:
        'SMTP_URL is unset: no mail leaves the server; each one stays queued in its database and is printed to its log (the outbox).',
    },
  } as const,
});

builder.queryField('mailDelivery', (t) =>
  t.field({
    type: MailDeliveryEnum,
    authScopes: { signedIn: true },
    description:
      'Whether this server sends mail (SMTP) or only writes it to its log (OUTBOX), so invitations and confirmation links can say where they went (the team: OWNER, ADMIN and MEMBER; anyone else is refused).',
    resolve: (_root, _args, context) => findMailDelivery(context.deps, context.viewer),
  }),
);

import type { TTwoFactorEnrolment } from '../services/two-factor/start-two-factor-enrolment.ts';
import { builder } from './builder.ts';

export const TwoFactorEnrolmentType = builder
  .objectRef<TTwoFactorEnrolment>('TwoFactorEnrolment')
  .implement({
    description:
      'A new TOTP secret waiting for its first code (confirmTwoFactorEnrolment). Never answered again once confirmed.',
    fields: (t) => ({
      secret: t.exposeString('secret', {
        description: 'The secret in base32, for typing into an app that cannot scan.',
      }),
      otpauthUri: t.exposeString('otpauthUri', {
        description: 'The otpauth://totp/ URI authenticator apps read.',
      }),
      qrCodeDataUri: t.exposeString('qrCodeDataUri', {
        description: 'The URI as a QR code: an SVG image as a data: URI, drawn by the server.',
      }),
    }),
  });

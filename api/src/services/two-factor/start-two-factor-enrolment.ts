import { seal } from '../../auth/seal.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { newTotpSecret, totpUri } from './codes.ts';
import { enrollingUser } from './enrolling-user.ts';

export type TTwoFactorEnrolment = {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code: an SVG data URI, drawn here (nothing loads from elsewhere). */
  qrCodeDataUri: string;
};

/**
 * Starts setting up two-factor sign-in: a new TOTP secret waits (sealed) for its first code in
 * `confirmTwoFactorEnrolment`. Starting again replaces a secret that was never confirmed.
 */
export async function startTwoFactorEnrolment(
  deps: TDeps,
  viewer: TViewer | null,
  input: { challenge?: string | null },
): Promise<TTwoFactorEnrolment> {
  const { userId } = await enrollingUser(deps, viewer, input.challenge);
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { loginEmail: true, twoFactorEnabledAt: true },
  });
  if (user.twoFactorEnabledAt) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is on already. Turn it off first.');
  }
  const secret = newTotpSecret();
  await deps.prisma.user.update({
    where: { id: userId },
    data: { totpPendingSecret: seal(secret, deps.config.twoFactorKey) },
  });
  const otpauthUri = totpUri(secret, user.loginEmail ?? `user-${userId}`);
  // Loaded on the first enrolment, not at every server start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return {
    secret,
    otpauthUri,
    qrCodeDataUri: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

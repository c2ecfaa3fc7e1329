import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { hashToken } from '../../auth/tokens.ts';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Feedboard';

/** Codes a second step accepts: the current 30-second step and one either side (clock drift). */
const EPOCH_TOLERANCE_SECONDS = 30;

/** How many recovery codes an enrolment makes. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: a code copied from paper is read back without doubt.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new random TOTP secret (base32, 160 bits: RFC 4226's recommendation). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app scans. */
export const totpUri = (secret: string, label: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label, secret });

/**
 * The time step of `code` when it is a valid code of `secret` later than `afterStep` (a code
 * already used in its window is refused: no replay); null otherwise.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** A recovery code as shown: `xxxxx-xxxxx` (about 49 bits). */
export function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What the user typed, without spaces, dashes or case. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

/** How a recovery code is stored: SHA-256 with the user id, never the code itself. */
export const hashRecoveryCode = (userId: number, code: string): string =>
  hashToken(`recovery:${userId}:${normalizeCode(code)}`);

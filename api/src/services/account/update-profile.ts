import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import { isMissing, messages, parseInput, requiredName } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';
import { AVATAR_URL_MAX_LENGTH, DISPLAY_NAME_LIMITS } from './profile-limits.ts';

export const AVATAR_URL_MESSAGE = 'Enter an address that starts with http:// or https://.';

/** An http(s) address, or nothing: absent leaves it, null or blank removes the picture. */
const ZAvatarUrl = z.preprocess(
  (input) => (input === undefined ? undefined : isMissing(input) ? null : input),
  z
    .string({ error: 'It has to be text.' })
    .trim()
    .max(AVATAR_URL_MAX_LENGTH, { error: messages.max(AVATAR_URL_MAX_LENGTH) })
    .refine(isHttpAddress, { error: AVATAR_URL_MESSAGE })
    .transform((value) => new URL(value).toString())
    .nullable()
    .optional(),
);

function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const ZProfileUpdate = z.object({
  displayName: requiredName(DISPLAY_NAME_LIMITS.min, DISPLAY_NAME_LIMITS.max).optional(),
  avatarUrl: ZAvatarUrl,
});

/**
 * Changes the caller's own display name and avatar (an http(s) address; null or blank removes
 * it). Fields left out stay as they are. Team members and people who signed up with email and
 * password may; an SSO user's name and picture come from their company's sign-in, which
 * overwrites them at every sign-in, so they are refused (CONFLICT).
 */
export async function updateProfile(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<User> {
  const { userId } = requireAccountConsole(viewer);
  const data = parseInput(ZProfileUpdate, input);
  const user = await deps.prisma.user.findUnique({ where: { id: userId } });
  if (!user) throw errors.unauthenticated();
  if (user.kind === 'SSO') {
    throw new AppError(
      'CONFLICT',
      'Your name and picture come from the sign-in of the site you use this board on: change them there.',
    );
  }
  return deps.prisma.user.update({
    where: { id: userId },
    data: {
      ...(data.displayName !== undefined ? { displayName: data.displayName } : {}),
      ...(data.avatarUrl !== undefined ? { avatarUrl: data.avatarUrl } : {}),
    },
  });
}

import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';

export const ZSetMentionPreference = z.object({
  notifyMentions: z.boolean({ error: 'It has to be true or false.' }),
});

/**
 * Stores whether the signed-in user gets a mail when someone mentions them. The in-console
 * notification list gets mentions either way.
 */
export async function setMentionPreference(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ notifyMentions: boolean }> {
  const { userId } = requireViewer(viewer);
  const { notifyMentions } = parseInput(ZSetMentionPreference, input);
  await deps.prisma.user.update({ where: { id: userId }, data: { notifyMentions } });
  return { notifyMentions };
}

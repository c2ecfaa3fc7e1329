import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { TLanguage } from '../../validation.ts';
import { ZLanguage, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';

export const ZSetLanguage = z.object({ language: ZLanguage });

/** Stores the viewer's interface language (en-US or pl-PL). */
export async function setLanguage(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ language: TLanguage }> {
  const { userId } = requireAccountConsole(viewer);
  const { language } = parseInput(ZSetLanguage, input);
  await deps.prisma.user.update({ where: { id: userId }, data: { language } });
  return { language };
}

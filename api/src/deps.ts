import type { TConfig } from './config.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { TLogger } from './log.ts';
import type { TMailer } from './mail/mailer.ts';

/** What every domain service may use; built once at start (api/src/main.ts). */
export type TDeps = {
  prisma: PrismaClient;
  mailer: TMailer;
  config: TConfig;
  log: TLogger;
};

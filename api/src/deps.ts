import type Stripe from 'stripe';
import { createStripe } from './billing/stripe.ts';
import type { TConfig } from './config.ts';
import { createEvents } from './events.ts';
import type { TEvents } from './events.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import { createLogger } from './log.ts';
import type { TLogger } from './log.ts';
import { createMailer } from './mail/mailer.ts';
import type { TMailer } from './mail/mailer.ts';

/** What every domain service may use; built once at start (api/src/main.ts). */
export type TDeps = {
  prisma: PrismaClient;
  mailer: TMailer;
  config: TConfig;
  log: TLogger;
  events: TEvents;
  /** The payment provider; null when STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is unset. */
  stripe: Stripe | null;
};

/** Wires the services' dependencies for a configuration and an open database. */
export function createDeps(config: TConfig, prisma: PrismaClient): TDeps {
  const log = createLogger(config.logLevel);
  const mailer = createMailer({ prisma, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const events = createEvents({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log,
  });
  return { prisma, mailer, config, log, events, stripe: createStripe(config) };
}

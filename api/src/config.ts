import path from 'node:path';
import { z } from 'zod';

const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('feedboard:'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Feedboard <no-reply@feedboard.local>'),
  APP_URL: z.string().url().optional(),
  WIDGET_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  PRICE_STARTUP_MINOR: z.coerce.number().int().positive().default(1_900),
  PRICE_COMPANY_MINOR: z.coerce.number().int().positive().default(4_900),
  PRICE_ULTRA_MINOR: z.coerce.number().int().positive().default(19_900),
  BILLING_EMAIL: z.string().email().default('billing@feedboard.local'),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  /** Where public pages load widget.js from (a CDN, say); unset: this server's own /widget.js. */
  widgetUrl: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe SDK sends API calls; unset means Stripe itself (tests use a stand-in). */
  stripeApiUrl: string | undefined;
  /** Monthly list prices of the paid plans, in US cents; yearly is derived (20% off). */
  monthlyPricesMinor: { STARTUP: number; COMPANY: number; ULTRA: number };
  /** Where invoice requests from the subscription page are mailed. */
  billingEmail: string;
  sessionTtlDays: number;
  seedDemo: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
};

/** Reads the configuration from environment variables (documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfig.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    widgetUrl: c.WIDGET_URL?.replace(/\/+$/, ''),
    stripeSecretKey: c.STRIPE_SECRET_KEY,
    stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: c.STRIPE_API_URL,
    monthlyPricesMinor: {
      STARTUP: c.PRICE_STARTUP_MINOR,
      COMPANY: c.PRICE_COMPANY_MINOR,
      ULTRA: c.PRICE_ULTRA_MINOR,
    },
    billingEmail: c.BILLING_EMAIL,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    seedDemo: c.SEED_DEMO,
    logLevel: c.LOG_LEVEL,
  };
}

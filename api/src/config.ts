import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseSecretKeys } from './auth/secret-box.ts';
import type { TBodyBudget } from './http/body-intake.ts';
import type { TSecretKeys } from './auth/secret-box.ts';
import { isDatabaseUrl } from './db/hosts.ts';
import type { TMailRetry } from './mail/mailer.ts';

/** What a rate limit guards: each has its own counters and limits. */
export const RATE_LIMIT_ACTIONS = [
  'login',
  'loginEmail',
  'signup',
  'recoveryRequest',
  'recoveryMail',
  'recoveryReset',
  'sso',
  'confirmEmail',
  'secondFactor',
  'mcp',
  'testEmail',
  'invoiceRequest',
  'invitationMail',
  'mailRecipient',
  'domainCheck',
  'graphqlCost',
  'similarIdeas',
  'ideaSubmission',
  'commentSubmission',
  'ideaSearch',
  'teamIdeaSearch',
] as const;
export type TRateLimitAction = (typeof RATE_LIMIT_ACTIONS)[number];

/** Attempts allowed per window; 0 turns that limit off. */
export type TRateLimit = { perIp: number; perAccount: number; windowSeconds: number };

/**
 * Defaults: generous for people, tight for scripts. The account is the email (IP and email
 * together for login, so nobody can lock a victim out from elsewhere), or the SSO user.
 * Sign-ins (guardSignIn in rate-limit.ts) count failures only: `login` per address and per
 * address and account; `loginEmail` one account's failures from every address together, past
 * which only addresses that failed on it wait (it slows guessing spread over many addresses
 * and never refuses the right password from an address that has not failed).
 */
export const DEFAULT_RATE_LIMITS: Record<TRateLimitAction, TRateLimit> = {
  login: { perIp: 100, perAccount: 10, windowSeconds: 60 },
  loginEmail: { perIp: 0, perAccount: 50, windowSeconds: 900 },
  signup: { perIp: 20, perAccount: 5, windowSeconds: 60 },
  // Reset links: `recoveryRequest` per source, and per address and source together, so that a
  // stranger's requests never use up the owner's own (issue 33); `recoveryMail` per address from
  // every source together, a day's cap against flooding one inbox. Past either address limit
  // the answer stays the same 200 and nothing is mailed (password-recovery.ts).
  recoveryRequest: { perIp: 30, perAccount: 5, windowSeconds: 900 },
  recoveryMail: { perIp: 0, perAccount: 20, windowSeconds: 86_400 },
  recoveryReset: { perIp: 30, perAccount: 10, windowSeconds: 60 },
  sso: { perIp: 300, perAccount: 30, windowSeconds: 60 },
  // Each attempt mails a stranger's inbox, perhaps: a few an hour per address is plenty for a
  // person whose mail was slow, and nothing for someone using it to flood a mailbox.
  confirmEmail: { perIp: 30, perAccount: 3, windowSeconds: 3600 },
  // A six-digit code has a million values: five wrong tries a minute per account (the second
  // sign-in step, enrolment, turning it off) keep guessing hopeless, like `login` does.
  secondFactor: { perIp: 100, perAccount: 5, windowSeconds: 60 },
  // Each JSON-RPC message to /mcp (a tool call, a list, a resource read), per address and per
  // API key: an agent working through a board makes a few calls a second at most.
  mcp: { perIp: 600, perAccount: 300, windowSeconds: 60 },
  // Mail a company's team makes Feedboard send on request (services/mail/limit-requested-mail.ts):
  // the account is the company. Someone debugging SMTP sends a few tests; a company asks for an
  // invoice now and then; invitations come in bursts when a team joins, but not hundreds an hour.
  testEmail: { perIp: 20, perAccount: 5, windowSeconds: 3600 },
  invoiceRequest: { perIp: 10, perAccount: 3, windowSeconds: 3600 },
  invitationMail: { perIp: 100, perAccount: 50, windowSeconds: 3600 },
  // The same mails to one address (test mails, invitations), from every company together: an
  // inbox gets a few of each kind an hour whoever asks, so nobody can flood it through us.
  mailRecipient: { perIp: 0, perAccount: 3, windowSeconds: 3600 },
  // "Check now" on the company's own domain: each one is a DNS lookup of a name the company
  // chose (the account is the company); the periodic check needs no button.
  domainCheck: { perIp: 120, perAccount: 30, windowSeconds: 3600 },
  // GraphQL's cost points a minute (the cost model of graphql-input-limits.ts; one query may
  // cost up to GRAPHQL_MAX_COST): anonymous callers per address, signed-in ones per account
  // (session user or API key). A page of 50 ideas costs about 2,000, a console screen a few
  // thousand; a query that loads every comment of 100 ideas costs 66,607 and a second or two
  // of the server's CPU, so a budget keeps one client from stalling everyone (issue 33).
  graphqlCost: { perIp: 200_000, perAccount: 500_000, windowSeconds: 60 },
  // Similar-idea hints run as people type (the forms wait for a pause), and each reads the
  // board's ideas: a person makes a few a minute, 30 loops of them stalled a server.
  similarIdeas: { perIp: 120, perAccount: 120, windowSeconds: 60 },
  // Ideas and comments by end users (services/submission-limits.ts): a person posts a few ideas
  // in a sitting and never 120 in 3 s (issue 33). The window's allowance may come at once (a
  // burst of 10 ideas), then nothing until the window ends. Per address too, because widget
  // sign-ups make new end users cheaply; an office behind one address shares that allowance.
  // The company's team is not counted (it triages, answers and imports), nor are importers.
  ideaSubmission: { perIp: 60, perAccount: 10, windowSeconds: 600 },
  commentSubmission: { perIp: 120, perAccount: 30, windowSeconds: 600 },
  // REST's idea search (`GET /ideas?search=`) by visitors and end users: each reads the board's
  // matching ideas (0.4 s at 10,000 ideas before its count was bounded: attack 7 F2). A person
  // searches a few times a minute; the company's team is not counted.
  ideaSearch: { perIp: 60, perAccount: 60, windowSeconds: 60 },
  // The same searches by the company's own team (console search as they type, integrations by
  // API key), per account: generous, yet a fresh company's owner is cheap to become, and 80
  // searches at once by one held /healthz 4.8 s (outside attack 9, F1).
  teamIdeaSearch: { perIp: 0, perAccount: 300, windowSeconds: 60 },
};

/** Password hash checks: in flight per address, at once and waiting (auth/password-checks.ts). */
export type TPasswordChecksConfig = { perAddress: number; concurrent: number; waiting: number };

export const DEFAULT_PASSWORD_CHECKS: TPasswordChecksConfig = {
  perAddress: 2,
  concurrent: 4,
  waiting: 64,
};

/**
 * DNS_SERVERS: a comma-separated list of resolvers (`1.1.1.1`, `10.0.0.2:5353`, `[::1]:53`)
 * that domain proofs are looked up with; unset, the system's (/etc/resolv.conf).
 */
const ZDnsServers = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
  )
  .refine(
    (servers) =>
      servers.length > 0 &&
      servers.every((server) => {
        const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
        if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2] ?? 53) <= 65535;
        const [host, port, ...rest] = server.split(':');
        if (isIP(server) === 6) return true;
        return rest.length === 0 && isIP(host!) === 4 && Number(port ?? 53) <= 65535;
      }),
    { error: 'a comma-separated list of IP addresses, each with an optional :port' },
  );

/** `login` → `LOGIN`, `recoveryRequest` → `RECOVERY_REQUEST` (the env variables' infix). */
export const rateLimitEnvName = (action: TRateLimitAction) =>
  action.replace(/[A-Z]/g, (ch) => `_${ch}`).toUpperCase();

/**
 * Live streams (REST event streams and GraphQL subscriptions) one process keeps open at once;
 * 0 turns a cap off. An office behind one NAT shares one address, so that cap is high; a token
 * is one signed-in browser or integration, and each open console or widget holds one stream.
 * A stream costs about 35 KB and a file descriptor, so the total keeps one process alive.
 * `documentsPerIp` caps the different GraphQL subscription documents one address holds open:
 * subscriptions of one document share one execution per change, but each different document
 * (another alias, another field) is executed again for every change of the board, so hundreds
 * of them from one address made every vote cost about a second of the server's one thread.
 */
export type TStreamLimits = {
  perIp: number;
  perToken: number;
  total: number;
  documentsPerIp: number;
};

export const DEFAULT_STREAM_LIMITS: TStreamLimits = {
  perIp: 500,
  perToken: 10,
  total: 10_000,
  documentsPerIp: 20,
};

function rateLimitEnv() {
  const count = z.coerce.number().int().min(0);
  return Object.fromEntries(
    RATE_LIMIT_ACTIONS.flatMap((action) => {
      const name = `RATE_LIMIT_${rateLimitEnvName(action)}`;
      const limit = DEFAULT_RATE_LIMITS[action];
      return [
        [`${name}_PER_IP`, count.default(limit.perIp)],
        [`${name}_PER_ACCOUNT`, count.default(limit.perAccount)],
        [`${name}_WINDOW_SECONDS`, count.min(1).default(limit.windowSeconds)],
      ];
    }),
  ) as Record<string, z.ZodDefault<z.ZodCoercedNumber>>;
}

/** OTLP's transports (OTEL_EXPORTER_OTLP_PROTOCOL); unset, OpenTelemetry's default (protobuf). */
const ZOtlpProtocol = z.enum(['http/protobuf', 'http/json', 'grpc']);

/**
 * Tracing (telemetry.ts): on when an OTLP endpoint is set, in OpenTelemetry's own variables,
 * which its SDK reads too (headers, timeout, compression, sampler: OTEL_EXPORTER_OTLP_HEADERS, …).
 */
export type TTracingConfig = {
  /** `service.name` of every span (OTEL_SERVICE_NAME, default `feedboard`). */
  serviceName: string;
  /** Where spans go (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT). */
  endpoint: string;
};

export const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // One server, or several in libpq's form (postgresql://u@h1:5432,h2:5432/db): the primary
  // among them takes the connections (db/hosts.ts).
  DATABASE_URL: z.string().refine(isDatabaseUrl, { message: 'Invalid url' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  DATABASE_STATEMENT_CACHE: z.coerce.number().int().min(0).default(500),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('feedboard:'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Feedboard <no-reply@feedboard.local>'),
  MAIL_RETRY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  MAIL_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(1).default(3_600_000),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  APP_URL: z.string().url().optional(),
  WIDGET_URL: z.string().url().optional(),
  // The operator's own pages that the console's sign-up links to (http or https only).
  TERMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  DEFAULT_PLAN: z.enum(['FREE', 'STARTUP', 'COMPANY', 'ULTRA']).optional(),
  PRICE_STARTUP_MINOR: z.coerce.number().int().positive().default(1_900),
  PRICE_COMPANY_MINOR: z.coerce.number().int().positive().default(4_900),
  PRICE_ULTRA_MINOR: z.coerce.number().int().positive().default(19_900),
  BILLING_EMAIL: z.string().email().default('billing@feedboard.local'),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  TWO_FACTOR_KEY: z.string().min(32).optional(),
  SECRETS_KEY: z.string().min(32).optional(),
  SECRETS_KEYS_PREVIOUS: z.string().optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SLACK_ALLOW_STAND_IN_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  LINEAR_API_URL: z.url().default('https://api.linear.app/graphql'),
  DNS_SERVERS: ZDnsServers.optional(),
  CUSTOM_DOMAIN_GRACE_HOURS: z.coerce.number().int().min(1).max(8_760).default(72),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  REQUEST_LOG_LEVEL: z.enum(['debug', 'info']).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: z
    .union([z.enum(['true', 'false']), z.coerce.number().int().min(0).max(10)])
    .default(0)
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : v)),
  ...rateLimitEnv(),
  CLIENT_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(8),
  CLIENT_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1_000),
  CLIENT_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(8 * 1024 * 1024),
  BODY_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(64 * 1024 * 1024),
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  PASSWORD_CHECKS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_PASSWORD_CHECKS.perAddress),
  PASSWORD_CHECKS_CONCURRENT: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PASSWORD_CHECKS.concurrent),
  PASSWORD_CHECKS_WAITING: z.coerce.number().int().min(0).default(DEFAULT_PASSWORD_CHECKS.waiting),
  STREAM_LIMIT_PER_IP: z.coerce.number().int().min(0).default(DEFAULT_STREAM_LIMITS.perIp),
  STREAM_LIMIT_PER_TOKEN: z.coerce.number().int().min(0).default(DEFAULT_STREAM_LIMITS.perToken),
  STREAM_LIMIT_TOTAL: z.coerce.number().int().min(0).default(DEFAULT_STREAM_LIMITS.total),
  STREAM_DOCUMENTS_PER_IP: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_STREAM_LIMITS.documentsPerIp),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().positive().default(10),
  GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(100_000),
  GRAPHQL_MAX_SUBSCRIPTION_COST: z.coerce.number().int().positive().default(5_000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().positive().default(20),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().positive().default(2_000),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(500_000).default(100_000),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: ZOtlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: ZOtlpProtocol.optional(),
  OTEL_SERVICE_NAME: z.string().default('feedboard'),
  // OpenTelemetry's switch: `true` (any case) turns tracing off whatever else is set.
  OTEL_SDK_DISABLED: z
    .string()
    .default('false')
    .transform((v) => v.trim().toLowerCase() === 'true'),
});

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections the process keeps to PostgreSQL (ignored on PGlite). */
  databasePoolSize: number;
  /**
   * Distinct statements the process prepares once per connection (PostgreSQL then parses and
   * plans them once, not on every call); 0: every statement is sent unnamed (PgBouncer in
   * transaction mode before 1.21 needs that).
   */
  databaseStatementCache: number;
  /**
   * The longest a request's statement may run, or wait for the database, in ms (0: no limit):
   * PostgreSQL's `statement_timeout` and pool wait; the embedded database's queue. Past it the
   * request answers 503 UNAVAILABLE. Migrations and backups are exempt.
   */
  statementTimeoutMs: number;
  /**
   * The longest a client may take to send a whole request (headers and body), in ms: past it
   * Node answers 408 and closes the connection. It bounds receiving only: an answer (a live
   * event stream) may go on for as long as it likes.
   */
  requestTimeoutMs: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Retries of failed mail (exponential backoff) and how often workers look for due mail. */
  mailRetry: TMailRetry;
  appUrl: string;
  /** Where public pages load widget.js from (a CDN, say); unset: this server's own /widget.js. */
  widgetUrl: string | undefined;
  /**
   * The operator's terms of use (TERMS_URL), which the console's sign-up links its consent to;
   * unset: the consent names no page (a self-hosted server has no terms but its operator's).
   */
  termsUrl: string | undefined;
  /** The operator's privacy policy (PRIVACY_URL), linked under the sign-up form; unset: none. */
  privacyUrl: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe SDK sends API calls; unset means Stripe itself (tests use a stand-in). */
  stripeApiUrl: string | undefined;
  /**
   * The plan of a company without a paid or operator-set plan (DEFAULT_PLAN); unset: FREE when
   * payments are configured, ULTRA when not (see services/plan/plans.ts defaultPlanOf).
   */
  defaultPlan: 'FREE' | 'STARTUP' | 'COMPANY' | 'ULTRA' | undefined;
  /** Monthly list prices of the paid plans, in US cents; yearly is derived (20% off). */
  monthlyPricesMinor: { STARTUP: number; COMPANY: number; ULTRA: number };
  /** Where invoice requests from the subscription page are mailed. */
  billingEmail: string;
  sessionTtlDays: number;
  /** Audit entries older than this many days are deleted (services/audit). */
  auditRetentionDays: number;
  /** Seals TOTP secrets at rest (AES-256-GCM, see auth/seal.ts); unset: stored as they are. */
  twoFactorKey: string | undefined;
  /** Seals integration secrets at rest (auth/secret-box.ts); null when SECRETS_KEY is unset. */
  secretKeys: TSecretKeys | null;
  seedDemo: boolean;
  /** Webhook deliveries: private, loopback and link-local addresses allowed (off: refused). */
  webhookAllowPrivateUrls: boolean;
  /**
   * Tests only: Slack connections accept any http(s) URL (a local stand-in for Slack) instead of
   * https://hooks.slack.com/… alone. Never on by default; delivery keeps the SSRF rules.
   */
  slackAllowStandInUrls: boolean;
  /** GitHub's REST API (GITHUB_API_URL): api.github.com, a GitHub Enterprise `/api/v3`, or a stand-in. */
  githubApiUrl: string;
  /** Linear's GraphQL endpoint (LINEAR_API_URL): https://api.linear.app/graphql, or a stand-in. */
  linearApiUrl: string;
  /** Resolvers that look up custom domain proofs (DNS_SERVERS); undefined: the system's. */
  dnsServers: string[] | undefined;
  /** How long a verified domain whose TXT record went away stays served before it is unbound. */
  customDomainGraceHours: number;
  /** Attempts per webhook delivery before it is marked FAILED. */
  webhookMaxAttempts: number;
  /** Wait before the 2nd attempt; doubles after each failure (capped at an hour). */
  webhookRetryBaseMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** JSON lines (the default) or, when stdout is a terminal and LOG_FORMAT is unset, pretty. */
  logFormat: 'json' | 'pretty';
  /**
   * The level of the one line each request writes (REQUEST_LOG_LEVEL): `info` with a PostgreSQL
   * server (a deployment, whose log shipper wants them), `debug` on the embedded default (a
   * person's own machine, where a line per request buries what matters).
   */
  requestLogLevel: 'debug' | 'info';
  /** Bearer token that `GET /metrics` asks for; unset, /metrics is off (404). */
  metricsToken: string | undefined;
  /**
   * How many proxies in front of the server to believe: the client address is read that many
   * entries from the right of X-Forwarded-For. 0: the socket's peer address, headers ignored.
   */
  trustProxy: number;
  /**
   * Requests one client address has in the works at once in this process, and how many more
   * wait their turn before it is refused (http/client-gate.ts); concurrency 0: no gate.
   */
  clientGate: { concurrency: number; queue: number };
  /**
   * Bytes of request bodies read and not yet handed to their handler, per client address and
   * in the process (http/body-intake.ts): past them, reading waits; and how long a body may
   * send nothing before it is cut off.
   */
  bodyBudget: TBodyBudget;
  rateLimits: Record<TRateLimitAction, TRateLimit>;
  /** Password hash checks in flight per address, at once and waiting (auth/password-checks.ts). */
  passwordChecks: TPasswordChecksConfig;
  /** Caps on open live streams per client address, per token and in total (per process). */
  streamLimits: TStreamLimits;
  /** GraphQL Armor's limits on each operation (the console's largest stay well under). */
  graphqlLimits: {
    maxDepth: number;
    maxCost: number;
    /** The cost limit of one subscription: it runs again for every change of its board. */
    maxSubscriptionCost: number;
    maxAliases: number;
    maxTokens: number;
  };
  /**
   * Ideas, votes and comments one board import may hold together (IMPORT_MAX_ROWS), whatever
   * the plan: past it the preview refuses the files.
   */
  importMaxRows: number;
  /**
   * OpenTelemetry traces over OTLP; null (no endpoint set, or OTEL_SDK_DISABLED=true): none,
   * and nothing of OpenTelemetry is loaded.
   */
  tracing: TTracingConfig | null;
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
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseStatementCache: c.DATABASE_STATEMENT_CACHE,
    statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailRetry: {
      maxAttempts: c.MAIL_RETRY_MAX_ATTEMPTS,
      baseDelayMs: c.MAIL_RETRY_BASE_MS,
      maxDelayMs: c.MAIL_RETRY_MAX_DELAY_MS,
      pollMs: c.MAIL_POLL_MS,
    },
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    widgetUrl: c.WIDGET_URL?.replace(/\/+$/, ''),
    termsUrl: c.TERMS_URL,
    privacyUrl: c.PRIVACY_URL,
    stripeSecretKey: c.STRIPE_SECRET_KEY,
    stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: c.STRIPE_API_URL,
    defaultPlan: c.DEFAULT_PLAN,
    monthlyPricesMinor: {
      STARTUP: c.PRICE_STARTUP_MINOR,
      COMPANY: c.PRICE_COMPANY_MINOR,
      ULTRA: c.PRICE_ULTRA_MINOR,
    },
    billingEmail: c.BILLING_EMAIL,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    auditRetentionDays: c.AUDIT_RETENTION_DAYS,
    twoFactorKey: c.TWO_FACTOR_KEY,
    secretKeys: parseSecretKeys(c.SECRETS_KEY, c.SECRETS_KEYS_PREVIOUS),
    seedDemo: c.SEED_DEMO,
    webhookAllowPrivateUrls: c.WEBHOOK_ALLOW_PRIVATE_URLS,
    slackAllowStandInUrls: c.SLACK_ALLOW_STAND_IN_URLS,
    githubApiUrl: c.GITHUB_API_URL.replace(/\/+$/, ''),
    linearApiUrl: c.LINEAR_API_URL,
    dnsServers: c.DNS_SERVERS,
    customDomainGraceHours: c.CUSTOM_DOMAIN_GRACE_HOURS,
    webhookMaxAttempts: c.WEBHOOK_MAX_ATTEMPTS,
    webhookRetryBaseMs: c.WEBHOOK_RETRY_BASE_MS,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    requestLogLevel: c.REQUEST_LOG_LEVEL ?? (c.DATABASE_URL ? 'info' : 'debug'),
    metricsToken: c.METRICS_TOKEN,
    trustProxy: c.TRUST_PROXY,
    clientGate: { concurrency: c.CLIENT_CONCURRENCY, queue: c.CLIENT_QUEUE },
    bodyBudget: {
      perClient: c.CLIENT_BODY_BYTES,
      total: c.BODY_BYTES,
      idleMs: c.BODY_IDLE_TIMEOUT_MS,
    },
    passwordChecks: {
      perAddress: c.PASSWORD_CHECKS_PER_ADDRESS,
      concurrent: c.PASSWORD_CHECKS_CONCURRENT,
      waiting: c.PASSWORD_CHECKS_WAITING,
    },
    rateLimits: Object.fromEntries(
      RATE_LIMIT_ACTIONS.map((action) => {
        const name = `RATE_LIMIT_${rateLimitEnvName(action)}`;
        const read = (suffix: string) =>
          (c as Record<string, unknown>)[`${name}_${suffix}`] as number;
        return [
          action,
          {
            perIp: read('PER_IP'),
            perAccount: read('PER_ACCOUNT'),
            windowSeconds: read('WINDOW_SECONDS'),
          },
        ];
      }),
    ) as Record<TRateLimitAction, TRateLimit>,
    streamLimits: {
      perIp: c.STREAM_LIMIT_PER_IP,
      perToken: c.STREAM_LIMIT_PER_TOKEN,
      total: c.STREAM_LIMIT_TOTAL,
      documentsPerIp: c.STREAM_DOCUMENTS_PER_IP,
    },
    graphqlLimits: {
      maxDepth: c.GRAPHQL_MAX_DEPTH,
      maxCost: c.GRAPHQL_MAX_COST,
      maxSubscriptionCost: c.GRAPHQL_MAX_SUBSCRIPTION_COST,
      maxAliases: c.GRAPHQL_MAX_ALIASES,
      maxTokens: c.GRAPHQL_MAX_TOKENS,
    },
    importMaxRows: c.IMPORT_MAX_ROWS,
    tracing: tracingConfig(c),
  };
}

function tracingConfig(c: z.infer<typeof ZConfig>): TTracingConfig | null {
  const endpoint = c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? c.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || c.OTEL_SDK_DISABLED) return null;
  return { serviceName: c.OTEL_SERVICE_NAME, endpoint };
}

import { createBodyIntake } from './http/body-intake.ts';
import type { TBodyIntake } from './http/body-intake.ts';
import { createStripe } from './billing/stripe.ts';
import type { TStripe } from './billing/stripe.ts';
import type { TConfig } from './config.ts';
import { usePlanDefault } from './services/plan/plan-state.ts';
import { defaultPlanOf } from './services/plan/plans.ts';
import { prismaSql } from './db/sql.ts';
import type { TSql } from './db/sql.ts';
import { createDatabaseFaults } from './db/faults.ts';
import type { TDatabaseFaults } from './db/faults.ts';
import { createEvents } from './events.ts';
import type { TEvents } from './events.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import { createLogger } from './observability/log.ts';
import type { TLogger } from './observability/log.ts';
import { findIdeaStates } from './services/idea/find-idea-states.ts';
import { findLiveCredentials } from './services/account/find-live-credentials.ts';
import { boardAccessLoader, createIdeaFeeds } from './services/idea/watch-idea-changes.ts';
import type { TIdeaFeeds } from './services/idea/watch-idea-changes.ts';
import { createMailer, outboxPrinter } from './mail/mailer.ts';
import type { TMailer } from './mail/mailer.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import type { TRateLimiter } from './http/rate-limit.ts';
import { createPasswordChecks } from './auth/password-checks.ts';
import type { TPasswordChecks } from './auth/password-checks.ts';
import { createStreamSlots } from './http/stream-slots.ts';
import type { TStreamSlots } from './http/stream-slots.ts';
import { createWebhookWorker } from './services/webhook/webhook-worker.ts';
import type { TWebhookWorker } from './services/webhook/webhook-worker.ts';
import { createAuditRetention } from './services/audit/delete-expired-audit-entries.ts';
import type { TQueueWorker } from './jobs/queue-worker.ts';
import { createImportWorker } from './services/import/run-import.ts';
import type { TImportWorker } from './services/import/run-import.ts';
import { createDomainCheckWorker } from './services/custom-domain/domain-check-worker.ts';

/** What every domain service may use; built once at start (api/src/main.ts). */
export type TDeps = {
  prisma: PrismaClient;
  /** Plain SQL for the statements every request runs (db/sql.ts); Prisma for everything else. */
  sql: TSql;
  mailer: TMailer;
  config: TConfig;
  log: TLogger;
  /** The database's "not now" failures: their 503 answers, readiness, rate-limited log lines. */
  databaseFaults: TDatabaseFaults;
  events: TEvents;
  /** One shared subscription per board for the live streams of this process. */
  ideaFeeds: TIdeaFeeds;
  /** The payment provider; null when STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is unset. */
  stripe: TStripe | null;
  /** Limits on sign-in, sign-up, password recovery and SSO attempts (shared through Redis). */
  rateLimiter: TRateLimiter;
  /** Password hash checks in flight per address and at once (auth/password-checks.ts). */
  passwordChecks: TPasswordChecks;
  /** Open live streams per address, per token and in total (STREAM_LIMIT_*), per process. */
  streamSlots: TStreamSlots;
  /** Request bodies read before their request takes a place in its address's line, by budget. */
  requestBodies: TBodyIntake;
  /** Sends queued webhook deliveries (started by main.ts and the test server). */
  webhooks: TWebhookWorker;
  /** Deletes audit entries past AUDIT_RETENTION_DAYS (started by main.ts, hourly). */
  auditRetention: TQueueWorker;
  /** Writes confirmed board imports in the background (started by main.ts and the test server). */
  imports: TImportWorker;
  /** Looks up custom domain proofs that are due (started by main.ts). */
  domainChecks: TQueueWorker;
};

/** Wires the services' dependencies for a configuration and an open database. */
export function createDeps(
  config: TConfig,
  prisma: PrismaClient,
  sql: TSql = prismaSql(prisma),
): TDeps {
  const log = createLogger(config.logLevel, config.logFormat);
  usePlanDefault(prisma, defaultPlanOf(config));
  const mailer = createMailer({
    prisma,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
    retry: config.mailRetry,
    printOutbox: outboxPrinter(config.logLevel),
    outboxInLog: config.logFormat === 'json',
  });
  const events = createEvents({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log,
    catchUp: (boardIds) => findIdeaStates(prisma, boardIds),
  });
  const rateLimiter = createRateLimiter({
    limits: config.rateLimits,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log,
  });
  const webhooks = createWebhookWorker({ prisma, config, log });
  // A live stream ends with the credential that opened it: on the revocation event of any
  // process, and by a periodic check in case an event was lost.
  const streamSlots = createStreamSlots(config.streamLimits, {
    findLive: findLiveCredentials(sql),
    onError: (error) => log.warn(`Live streams' credential check failed: ${error.message}`),
  });
  events.watchCredentialRevoked((revocation) => streamSlots.endRevoked(revocation));
  // A grant withdrawn from users (customer company, SSO claims, required two-factor): their
  // streams are checked against what their credential gives now, at once.
  events.watchAccessChanged((change) => void streamSlots.recheck(change));
  return {
    prisma,
    sql,
    mailer,
    config,
    log,
    databaseFaults: createDatabaseFaults(log, config.databaseUrl ? null : config.dataDir),
    events,
    ideaFeeds: createIdeaFeeds(
      events,
      (error) => log.error(`A live stream failed to take an event: ${error.message}`),
      boardAccessLoader(prisma),
      () => streamSlots.settled(),
    ),
    stripe: createStripe(config),
    rateLimiter,
    passwordChecks: createPasswordChecks(rateLimiter, config.passwordChecks),
    streamSlots,
    requestBodies: createBodyIntake(config.bodyBudget),
    webhooks,
    auditRetention: createAuditRetention({ prisma, log }, config.auditRetentionDays),
    imports: createImportWorker({ prisma, log }),
    domainChecks: createDomainCheckWorker({ prisma, config, log }),
  };
}

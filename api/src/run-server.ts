import { createServer } from 'node:http';
import module from 'node:module';
import type { AddressInfo } from 'node:net';
import type { TConfig } from './config.ts';
import { claimDataDir, runningServerPid } from './db/backup.ts';
import { openDatabase } from './db/client.ts';
import { createDeps } from './deps.ts';
import { createLogger } from './observability/log.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { DOMAIN_CHECK_POLL_MS } from './services/custom-domain/domain-check-worker.ts';
import {
  NEW_IDEA_DIGEST_POLL_MS,
  createNewIdeaDigestWorker,
} from './services/notification/new-idea-digest.ts';
import { trackConnections } from './http/graceful-close.ts';
import { createRequestListener, httpServerOptions } from './server.ts';
import { startBanner } from './observability/start-banner.ts';
import { fillMissingReleaseHtml } from './services/release/release-html.ts';

/** How often expired audit entries are looked for (and once soon after start). */
const AUDIT_RETENTION_POLL_MS = 60 * 60 * 1000;
/** How long after listening the background jobs take their first round (the polls go on). */
const START_BACKGROUND_AFTER_MS = 3_000;

/**
 * Runs Feedboard: migrate, seed the demo on an empty database, serve, stop cleanly (main.ts
 * starts it, after tracing when that is configured). `stopTracing` sends the spans still
 * buffered before the process exits.
 */
export async function runServer(
  config: TConfig,
  { stopTracing }: { stopTracing?: () => Promise<void> } = {},
): Promise<void> {
  const log = createLogger(config.logLevel, config.logFormat);
  if (!config.databaseUrl) {
    const pid = await runningServerPid(config.dataDir);
    if (pid) throw new Error(`Another Feedboard server (pid ${pid}) is using ${config.dataDir}.`);
  }
  const db = await openDatabase(config);
  // Marks the embedded database as in use, so db:backup and db:restore wait for a stop.
  const releaseDataDir = config.databaseUrl ? async () => {} : await claimDataDir(config.dataDir);
  const applied = await db.migrate();
  if (applied.length) log.info(`Applied migrations: ${applied.join(', ')}`);

  const deps = createDeps(config, db.prisma, db.sql);
  const { mailer } = deps;

  const demo = config.seedDemo ? await seedDemoIfEmpty(db.prisma) : null;
  // Set at SIGTERM: /readyz answers 503 from then on, so a balancer stops sending new work.
  let stopping = false;
  const server = createServer(
    httpServerOptions(config),
    await createRequestListener(deps, db, { isStopping: () => stopping }),
  );
  const connections = trackConnections(server);
  // An idle keep-alive connection stays open 65 s, not Node's 5 s: a client or a balancer that
  // reuses a connection at the moment the server closes it gets ECONNRESET for a request that
  // never arrived (the soak saw 4 in 4,948 on a loaded machine). Balancers keep theirs for up
  // to a minute (HAProxy's http-keep-alive, AWS's 60 s), so the server must outlast them. The
  // headers and request timeouts (httpServerOptions) count from a request's start, not idle time.
  server.keepAliveTimeout = 65_000;
  deps.webhooks.start();
  deps.imports.start();
  deps.auditRetention.start(AUDIT_RETENTION_POLL_MS);
  deps.domainChecks.start(DOMAIN_CHECK_POLL_MS);
  // Yesterday's new-idea digests (UTC days), on whichever process polls first after midnight.
  const newIdeaDigests = createNewIdeaDigestWorker(deps);
  newIdeaDigests.start(NEW_IDEA_DIGEST_POLL_MS);
  server.listen(config.port, config.host, () => {
    // Background rounds wait until the server has served for a moment: their first queries
    // compile in Prisma's WebAssembly query compiler, CPU the first requests need more.
    setTimeout(() => {
      void deps.imports.drain();
      void deps.auditRetention.drain();
      void newIdeaDigests.drain();
      // Release notes written without their HTML (the demo seed, rows from before it was
      // stored) get it once, a few at a time: reads then never render (release-html.ts).
      void fillMissingReleaseHtml(deps).catch((error: unknown) =>
        log.warn('Could not store the HTML of older release notes', error),
      );
      // The code the start compiled goes to Node's compile cache now (main.ts), not only at a
      // clean exit: the next start reads it even after a crash or SIGKILL.
      module.flushCompileCache?.();
    }, START_BACKGROUND_AFTER_MS).unref();
    if (config.logFormat === 'pretty') {
      // A person at a terminal: a short banner, not log records.
      const dataDir = db.kind === 'pglite' ? config.dataDir : null;
      process.stdout.write(startBanner({ appUrl: config.appUrl, dataDir, demo }));
      return;
    }
    log.info(
      `Feedboard is serving on ${config.appUrl} (port ${(server.address() as AddressInfo).port}, database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
    if (demo) {
      log.info(`Demo company created. Sign in as ${demo.email} with password ${demo.password}`);
    }
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing open requests, then stopping.`);
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    // New connections are refused; requests on open ones are answered with `Connection: close`
    // (none is cut), idle connections are closed (graceful-close.ts).
    const closed = connections.drain();
    // Live streams never finish by themselves: end them, so their clients reconnect elsewhere.
    deps.streamSlots.closeAll();
    await closed;
    await deps.webhooks.stop();
    await deps.imports.stop();
    await deps.auditRetention.stop();
    await deps.domainChecks.stop();
    await newIdeaDigests.stop();
    // Sends in flight finish; queued mail stays in the database for the next start.
    await mailer.close();
    await deps.events.close();
    await deps.rateLimiter.close();
    await db.close();
    await releaseDataDir();
    await stopTracing?.();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

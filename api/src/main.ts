import { loadConfig } from './config.ts';
import { createLogger } from './log.ts';

/**
 * Feedboard's entry point (`npm start`'s dist/server/main.js). Tracing, when configured, starts
 * before any module of the server is loaded: its instrumentations patch http, pg, ioredis and
 * graphql, which the server's modules import, and a module that has already taken a package's
 * functions would keep the unpatched ones. So the server (run-server.ts) is imported only after
 * it; with tracing off nothing of OpenTelemetry is loaded at all.
 */
const config = loadConfig();
const tracing = config.tracing
  ? (await import('./telemetry.ts')).startTracing(config.tracing)
  : null;
if (config.tracing) {
  createLogger(config.logLevel, config.logFormat).info(
    `Tracing: spans of service ${config.tracing.serviceName} go over OTLP to ${new URL(config.tracing.endpoint).origin}`,
  );
}
const { runServer } = await import('./run-server.ts');
await runServer(config, { stopTracing: tracing?.stop });

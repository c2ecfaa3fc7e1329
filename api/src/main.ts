import module from 'node:module';

/**
 * Feedboard's entry point (`npm start`'s dist/server/main.js). Tracing, when configured, starts
 * before any module of the server is loaded: its instrumentations patch http, pg, ioredis and
 * graphql, which the server's modules import, and a module that has already taken a package's
 * functions would keep the unpatched ones. So the server (run-server.ts) is imported only after
 * it; with tracing off nothing of OpenTelemetry is loaded at all.
 *
 * First of all, Node's compile cache: V8's code for the bundle (2 MB of JavaScript) and the
 * packages it leaves in node_modules is kept on disk (NODE_COMPILE_CACHE, by default
 * `node-compile-cache` in the system's temporary folder, one entry per Node version and file
 * content), so a start after the first one skips compiling it: about a fifth of a start's CPU.
 * It must be on before the modules are loaded, so everything else is imported dynamically,
 * after it (the static imports of an ES module are compiled before its body runs).
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off; a folder that cannot be written only loses it.
 */
try {
  module.enableCompileCache();
} catch {
  // a start without the cache is still a start
}
const { loadConfig } = await import('./config.ts');
const { createLogger } = await import('./observability/log.ts');
const config = loadConfig();
const tracing = config.tracing
  ? (await import('./observability/telemetry.ts')).startTracing(config.tracing)
  : null;
if (config.tracing) {
  createLogger(config.logLevel, config.logFormat).info(
    `Tracing: spans of service ${config.tracing.serviceName} go over OTLP to ${new URL(config.tracing.endpoint).origin}`,
  );
}
const { runServer } = await import('./run-server.ts');
await runServer(config, { stopTracing: tracing?.stop });

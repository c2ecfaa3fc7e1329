import { createRequire } from 'node:module';
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type * as PinoPrettyModule from 'pino-pretty';

export type TLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
/** `json`: one JSON object per line (for log shippers); `pretty`: coloured lines for a person. */
export type TLogFormat = 'json' | 'pretty';

/**
 * The server's logger: pino underneath, one JSON line per entry. `extra` may be an Error (logged
 * as `err` with its stack) or an object whose fields join the line (`{ route, status }`).
 */
export type TLogger = {
  debug: (message: string, extra?: unknown) => void;
  info: (message: string, extra?: unknown) => void;
  warn: (message: string, extra?: unknown) => void;
  error: (message: string, extra?: unknown) => void;
  /** A logger whose every line carries `bindings` too (`{ job: 'mail' }`). */
  child: (bindings: Record<string, unknown>) => TLogger;
};

/**
 * Fields never written, whatever a caller passes: credentials that could reach a log line inside
 * an object (a request's headers, a config, an SSO payload). Messages themselves name ids only.
 */
const REDACTED = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'password',
  'token',
  'secret',
  '*.password',
  '*.token',
  '*.secret',
];

/** The trace and the span a line was written in (OpenTelemetry's hex ids). */
export type TTraceIds = { traceId: string; spanId: string };

/** Reads the active span's ids; null while tracing is off (telemetry.ts sets it). */
let readTraceIds: (() => TTraceIds | undefined) | null = null;

/**
 * Loggers created after this write `traceId` and `spanId` on each line written while a span is
 * active (a request's lines among them), so a line leads to its trace. Tracing sets it before
 * the server creates a logger; with tracing off lines are written as before, at no extra cost.
 */
export function writeTraceIdsInLogs(read: (() => TTraceIds | undefined) | null): void {
  readTraceIds = read;
}

/**
 * A logger at `level`. Lines go to process.stdout through its own `write` (not a file
 * descriptor of pino's), so a test that captures stdout sees them. `pretty` renders in this
 * thread, not in a worker: a worker thread would cost the embedded default about 10 MB.
 */
/** pino-pretty, required only by a pretty logger (development): production starts without it. */
const requirePackage = createRequire(import.meta.url);

export function createLogger(level: TLogLevel, format: TLogFormat = 'json'): TLogger {
  const stdout: DestinationStream = { write: (line: string) => void process.stdout.write(line) };
  const destination =
    format === 'pretty'
      ? (requirePackage('pino-pretty') as typeof PinoPrettyModule).PinoPretty({
          destination: process.stdout,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
          singleLine: true,
        })
      : stdout;
  const traceIds = readTraceIds;
  const root = pino(
    {
      level,
      ...(traceIds ? { mixin: () => traceIds() ?? {} } : {}),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    destination,
  );
  return wrap(root);
}

function wrap(logger: Logger): TLogger {
  const at =
    (name: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, extra?: unknown): void => {
      if (!logger.isLevelEnabled(name)) return;
      if (extra === undefined) logger[name](message);
      else if (extra instanceof Error) logger[name]({ err: extra }, message);
      else if (typeof extra === 'object' && extra !== null) logger[name](extra, message);
      else logger[name]({ detail: extra }, message);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(logger.child(bindings)),
  };
}

/** How long a log throttle keeps quiet about a kind after writing its line. */
export const LOG_THROTTLE_MS = 30_000;

/**
 * One line per kind of failure per window, however often it happens: the first occurrence is
 * written at once; the ones after it within `windowMs` are counted, and when the window ends one
 * more line says how many there were (`suppressed`), which starts the next window. A full disk
 * under load wrote one error line with a stack per failed request (hundreds a minute).
 */
export function createLogThrottle(
  log: TLogger,
  windowMs = LOG_THROTTLE_MS,
): (level: 'warn' | 'error', kind: string, message: string, extra?: object) => void {
  const windows = new Map<string, { suppressed: number }>();
  const open = (level: 'warn' | 'error', kind: string, message: string, extra?: object) => {
    const window = { suppressed: 0 };
    windows.set(kind, window);
    setTimeout(() => {
      windows.delete(kind);
      if (window.suppressed === 0) return;
      const suppressed = window.suppressed;
      open(level, kind, message, extra);
      log[level](`${message} (${suppressed} more in the last ${windowMs / 1000} s)`, {
        kind,
        suppressed,
        ...extra,
      });
    }, windowMs).unref();
  };
  return (level, kind, message, extra) => {
    const window = windows.get(kind);
    if (window) {
      window.suppressed += 1;
      return;
    }
    open(level, kind, message, extra);
    log[level](message, { kind, ...extra });
  };
}

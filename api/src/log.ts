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
  const root = pino(
    {
      level,
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

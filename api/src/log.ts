const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type TLogLevel = keyof typeof LEVELS;

export type TLogger = {
  debug: (message: string, extra?: unknown) => void;
  info: (message: string, extra?: unknown) => void;
  warn: (message: string, extra?: unknown) => void;
  error: (message: string, extra?: unknown) => void;
};

/** A console logger that drops messages below `level`. */
export function createLogger(level: TLogLevel): TLogger {
  const at = (name: Exclude<TLogLevel, 'silent'>, write: (...args: unknown[]) => void) =>
    LEVELS[name] >= LEVELS[level]
      ? (message: string, extra?: unknown) =>
          extra === undefined ? write(message) : write(message, extra)
      : () => {};
  return {
    debug: at('debug', console.debug),
    info: at('info', console.log),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  };
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the request log level', () => {
  it('is debug on the embedded default, so `npm start` does not print a line per request', () => {
    expect(loadConfig({}).requestLogLevel).toBe('debug');
  });

  it('is info with a PostgreSQL server, where a deployment ships its logs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://feedboard@db.internal:5432/feedboard',
    });
    expect(config.requestLogLevel).toBe('info');
  });

  it('follows REQUEST_LOG_LEVEL either way, and refuses another level by name', () => {
    expect(loadConfig({ REQUEST_LOG_LEVEL: 'info' }).requestLogLevel).toBe('info');
    expect(
      loadConfig({
        DATABASE_URL: 'postgresql://feedboard@db.internal:5432/feedboard',
        REQUEST_LOG_LEVEL: 'debug',
      }).requestLogLevel,
    ).toBe('debug');
    expect(() => loadConfig({ REQUEST_LOG_LEVEL: 'loud' })).toThrow(/REQUEST_LOG_LEVEL/);
  });
});

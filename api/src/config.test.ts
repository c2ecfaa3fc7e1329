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

describe("the operator's terms and privacy pages", () => {
  it('are unset by default, taken as set, and refused when not http(s)', () => {
    expect(loadConfig({})).toMatchObject({ termsUrl: undefined, privacyUrl: undefined });
    expect(
      loadConfig({
        TERMS_URL: 'https://example.com/terms',
        PRIVACY_URL: 'http://intranet.example/privacy',
      }),
    ).toMatchObject({
      termsUrl: 'https://example.com/terms',
      privacyUrl: 'http://intranet.example/privacy',
    });
    expect(() => loadConfig({ TERMS_URL: 'javascript:alert(1)' })).toThrow(/TERMS_URL/);
    expect(() => loadConfig({ PRIVACY_URL: 'privacy.html' })).toThrow(/PRIVACY_URL/);
  });
});

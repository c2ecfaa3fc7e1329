import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.ts';

describe('the start banner', () => {
  it('says where to open it, the demo login, where the data lives and how to stop', () => {
    const text = startBanner({
      appUrl: 'http://localhost:4000',
      dataDir: './data',
      demo: { email: 'demo@feedboard.dev', password: 'demo-abc123' },
    });
    expect(text).toContain('Open:     http://localhost:4000/login');
    expect(text).toContain('Sign in:  demo@feedboard.dev / demo-abc123');
    expect(text).toContain(`Data:     embedded database in ${path.resolve('data')} (DATA_DIR)`);
    expect(text).toContain('Stop:     Ctrl+C');
    expect(text).not.toContain('{');
  });

  it('names no password on a later start, and PostgreSQL when there is no data folder', () => {
    const text = startBanner({ appUrl: 'https://feedback.example', dataDir: null, demo: null });
    expect(text).toContain('Sign in:  with your account, or create a company at /signup');
    expect(text).toContain('Data:     PostgreSQL (DATABASE_URL)');
  });
});

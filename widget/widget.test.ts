import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, pl, translator } from './src/i18n.ts';
import { WIDGET_BUDGET_BYTES, gzippedSize } from './size.ts';

let outDir: string;
let code: string;
beforeAll(async () => {
  // Its own folder: the e2e tests may be reading dist/widget at the same time.
  outDir = mkdtempSync(path.join(tmpdir(), 'feedboard-widget-'));
  await build({
    configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  code = readFileSync(path.join(outDir, 'widget.js'), 'utf8');
});
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the widget bundle', () => {
  it(`is at most ${WIDGET_BUDGET_BYTES / 1024} KB gzipped`, () => {
    const size = gzippedSize(path.join(outDir, 'widget.js'));
    console.log(`widget.js: ${(size / 1024).toFixed(1)} KB gzipped`);
    expect(size).toBeLessThanOrEqual(WIDGET_BUDGET_BYTES);
  });

  it('is one script with no eval and nothing loaded at run time', () => {
    expect(code).not.toMatch(/\beval\(|new Function\(/);
    expect(code).not.toMatch(/\bimport\(/);
    expect(code.startsWith('var FeedboardWidget=')).toBe(true);
  });
});

describe('the message catalogues', () => {
  it('have the same ids in English and Polish, none empty', () => {
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort());
    for (const [id, text] of [...Object.entries(en), ...Object.entries(pl)]) {
      expect(text.trim(), id).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(pl[id]), id).toEqual(placeholders(en[id]));
    }
  });

  it('differ from English where the words are not the same', () => {
    const same = (Object.keys(en) as (keyof typeof en)[]).filter((id) => en[id] === pl[id]);
    expect(same).toEqual(['sort.STATUS']);
  });
});

describe('plural words', () => {
  it('pick the language’s form: Polish one, few and many', () => {
    const t = translator('pl');
    expect([0, 1, 2, 4, 5, 12, 22, 25, 112].map((count) => t('idea.comments', { count }))).toEqual([
      '0 komentarzy',
      '1 komentarz',
      '2 komentarze',
      '4 komentarze',
      '5 komentarzy',
      '12 komentarzy',
      '22 komentarze',
      '25 komentarzy',
      '112 komentarzy',
    ]);
    expect(t('idea.vote', { title: 'Ciemny motyw', count: 3 })).toBe(
      'Zagłosuj na: Ciemny motyw, 3 głosy',
    );
  });

  it('say one and other in English, the title left as typed', () => {
    const t = translator('en');
    expect(t('idea.votes', { count: 1 })).toBe('1 vote');
    expect(t('idea.comments', { count: 1000 })).toBe('1,000 comments');
    expect(t('idea.vote', { title: 'Use {count} braces', count: 2 })).toBe(
      'Vote for Use {count} braces, 2 votes',
    );
  });
});

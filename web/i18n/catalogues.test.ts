import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, 'web/i18n', file), 'utf8'));
const english = read('en-US.json');
const polish = read('pl-PL.json');

/** The arguments and tags a message uses: translations must use the same ones. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(element.value);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('message catalogues (web/i18n)', () => {
  it('en-US.json is what `npm run i18n:extract` extracts from the source', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'i18n-')), 'en-US.json');
    execFileSync(
      path.join(root, 'node_modules/.bin/formatjs'),
      ['extract', 'web/src/**/*.{ts,tsx}', '--out-file', out, '--format', 'simple'],
      { cwd: root, stdio: 'pipe' },
    );
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(english);
  });

  it('pl-PL.json has exactly the keys of en-US.json', () => {
    expect(Object.keys(polish).sort()).toEqual(Object.keys(english).sort());
  });

  it('every Polish message parses and uses the same arguments as the English one', () => {
    for (const [id, message] of Object.entries(english)) {
      expect({ id, args: argumentsOf(polish[id] ?? '') }).toEqual({
        id,
        args: argumentsOf(message),
      });
    }
  });

  it('Polish messages are translations, not copies of the English', () => {
    const sameAsEnglish = Object.keys(english).filter((id) => polish[id] === english[id]);
    // Words that are the same in both languages (Import), an API key's prefix with an ellipsis, a vendor's name (Slack), a line that is
    // only its arguments, and the plans' names (product names, as on Stripe receipts).
    expect(sameAsEnglish.sort()).toEqual([
      'apiKeys.prefix',
      'app.name',
      'audit.detail.arrow',
      'audit.detail.product',
      'board.submenu.import',
      'customers.currency.option',
      'dashboard.stats.atCap',
      'ideaDetail.issues.linkText',
      'ideaDetail.issues.state',
      'import.title',
      'integrations.github.title',
      'integrations.linear.title',
      'integrations.slack.deliveryLine',
      'integrations.slack.title',
      'nav.menuTitle',
      'nav.subscription',
      'plan.company',
      'plan.startup',
      'plan.ultra',
    ]);
  });
});

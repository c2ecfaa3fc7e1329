import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');

/** The rows of the table under a heading: each row's cells. */
function tableUnder(heading: string): string[][] {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const next = doc.indexOf('\n## ', start + heading.length + 2);
  const section = doc.slice(start, next < 0 ? undefined : next);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-+/.test(line))
    .slice(1)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** `file` › "test name" pairs cited in a cell. */
function citations(cell: string): { file: string; name: string }[] {
  return [...cell.matchAll(/`([^`]+\.test\.ts)` › "([^"]+)"/g)].map((m) => ({
    file: m[1]!,
    name: m[2]!,
  }));
}

describe('SECURITY.md', () => {
  const threats = tableUnder('## Threats and the controls that answer them');

  it('has a threat table whose every row names a control and its proof', () => {
    expect(threats.length).toBeGreaterThanOrEqual(15);
    for (const [threat, control, proof] of threats) {
      expect(threat, 'threat').toBeTruthy();
      expect(control, `control of "${threat}"`).toBeTruthy();
      expect(proof, `proof of "${threat}"`).toBeTruthy();
    }
    const cited = threats.flatMap((row) => citations(row[2] ?? ''));
    const untested = threats.filter((row) => citations(row[2] ?? '').length === 0);
    console.log(
      `SECURITY.md threat table: ${threats.length} rows, ${cited.length} tests cited, ${untested.length} rows without a test (${untested.map((row) => row[0]).join('; ')})`,
    );
  });

  it('cites only tests that exist under that name', () => {
    const missing: string[] = [];
    for (const row of threats) {
      for (const { file, name } of citations(row[2] ?? '')) {
        const full = path.join(ROOT, file);
        if (!existsSync(full)) {
          missing.push(`${file} (no such file)`);
          continue;
        }
        const source = readFileSync(full, 'utf8').replace(/\s+/g, ' ');
        if (!source.includes(name)) missing.push(`${file} › "${name}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('maps every ASVS 5.0 Level 1 and 2 requirement it lists to a status and a reason', () => {
    const start = doc.indexOf('\n## OWASP ASVS 5.0, Level 2\n');
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start, doc.indexOf('\n## ', start + 10));
    const rows = section
      .split('\n')
      .filter((line) => /^\| \d+\.\d+\.\d+ \|/.test(line))
      .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
    expect(rows.length).toBeGreaterThan(150);
    for (const cells of rows) {
      expect(['met', 'partly', 'not met', 'n/a'], cells[1]).toContain(cells[4]);
      expect(cells[5]?.length, cells[1]).toBeGreaterThan(3);
    }
  });
});

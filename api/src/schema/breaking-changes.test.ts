import { describe, expect, it } from 'vitest';
import { breakingChanges, unannounced } from './breaking-changes.ts';

const BEFORE = `type Query { idea: Idea }
type Idea { title: String! code: String! votes: Int }`;
const AFTER = `enum Code { A }
type Query { idea: Idea }
type Idea { title: String! code: Code! votes: Int extra: Int }`;

describe('breaking schema changes (CI: npm run schema:breaking)', () => {
  it('finds a removed field and a changed type, not an added field', async () => {
    const changes = await breakingChanges(BEFORE, AFTER.replace(' votes: Int', ''));
    expect(changes.map((change) => change.path).sort()).toEqual(['Idea.code', 'Idea.votes']);
  });

  it('lets a change pass only when the Unreleased section names its path', async () => {
    const changes = await breakingChanges(BEFORE, AFTER);
    const named =
      '# Changelog\n\n## Unreleased\n\n- `Idea.code` is now the Code enum.\n\n## 0.1.0\n';
    expect(unannounced(changes, named)).toEqual([]);
    // Named only under an older release, or not in backticks: refused.
    const old = '# Changelog\n\n## Unreleased\n\n## 0.1.0\n\n- `Idea.code` changed.\n';
    expect(unannounced(changes, old).map((change) => change.path)).toEqual(['Idea.code']);
    expect(unannounced(changes, '## Unreleased\n\nIdea.code changed.\n')).toHaveLength(1);
  });
});

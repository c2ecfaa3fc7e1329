import { describe, expect, it } from 'vitest';
import { releaseExcerpt } from './release-excerpt.ts';

describe('a release’s notes excerpt', () => {
  it('reads Markdown as plain text', () => {
    expect(
      releaseExcerpt(
        '## What is new\n\n- **Dark mode** for [the board](https://x.test)\n- `CSV` export',
      ),
    ).toBe('What is new Dark mode for the board CSV export');
  });

  it('cuts long notes at a word, with an ellipsis', () => {
    const preview = releaseExcerpt('word '.repeat(100), 20);
    expect(preview).toBe('word word word word…');
  });

  it('answers nothing for empty notes', () => {
    expect(releaseExcerpt('  \n')).toBe('');
  });
});

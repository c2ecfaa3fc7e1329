import { describe, expect, it } from 'vitest';
import { notesPreview } from './notes-preview.ts';

describe('a release card’s notes preview', () => {
  it('reads Markdown as plain text', () => {
    expect(
      notesPreview(
        '## What is new\n\n- **Dark mode** for [the board](https://x.test)\n- `CSV` export',
      ),
    ).toBe('What is new Dark mode for the board CSV export');
  });

  it('cuts long notes at a word, with an ellipsis', () => {
    const preview = notesPreview('word '.repeat(100), 20);
    expect(preview).toBe('word word word word…');
  });

  it('answers nothing for empty notes', () => {
    expect(notesPreview('  \n')).toBe('');
  });
});

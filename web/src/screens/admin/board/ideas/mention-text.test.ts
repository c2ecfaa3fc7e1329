import { describe, expect, it } from 'vitest';
import {
  displayOf,
  insertMention,
  markupOf,
  mentionQueryAt,
  mentionSegments,
} from './mention-text.ts';

describe('mention text', () => {
  it('splits markup into text and mentions, leaving other text as it is', () => {
    expect(mentionSegments('Hi @[Mo Member](user:12), see (user:3)')).toEqual([
      { text: 'Hi ', isMention: false },
      { text: '@Mo Member', isMention: true },
      { text: ', see (user:3)', isMention: false },
    ]);
    expect(mentionSegments('plain me@example.com')).toEqual([
      { text: 'plain me@example.com', isMention: false },
    ]);
  });

  it('finds the @ being typed before the caret, not inside an email', () => {
    expect(mentionQueryAt('Hello @mo', 9)).toEqual({ start: 6, query: 'mo' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hello @Paweł P', 14)).toEqual({ start: 6, query: 'Paweł P' });
    expect(mentionQueryAt('me@example', 10)).toBeNull();
    expect(mentionQueryAt('Hello @mo there again', 21)).toBeNull();
  });

  it('replaces the typed @name by the token and a space', () => {
    expect(insertMention('Hi @mo!', 3, 6, '@[Mo](user:1)')).toEqual({
      text: 'Hi @[Mo](user:1) !',
      caret: 17,
    });
  });
});

describe('the comment box shows @Name and keeps the markup (issue 52)', () => {
  const ada = { name: 'Ada', markup: '@[Ada](user:1)' };
  const adaL = { name: 'Ada Lovelace', markup: '@[Ada Lovelace](user:2)' };

  it('shows each token as @Name and lists the mentions', () => {
    expect(displayOf('Hi @[Ada Lovelace](user:2), and @[Ada](user:1)!')).toEqual({
      text: 'Hi @Ada Lovelace, and @Ada!',
      mentions: [adaL, ada],
    });
  });

  it('turns the known @Names back into their tokens, the longest name first', () => {
    expect(markupOf('Hi @Ada Lovelace, and @Ada!', [ada, adaL])).toBe(
      'Hi @[Ada Lovelace](user:2), and @[Ada](user:1)!',
    );
    const roundTrip = 'x @[Ada](user:1) y @[Ada Lovelace](user:2)';
    const shown = displayOf(roundTrip);
    expect(markupOf(shown.text, shown.mentions)).toBe(roundTrip);
  });

  it('leaves other text as typed: a longer word, an email, a mention edited by hand', () => {
    expect(markupOf('@Adam and ada@Ada.pl and @Ada Lovelac', [ada, adaL])).toBe(
      '@Adam and ada@Ada.pl and @[Ada](user:1) Lovelac',
    );
    expect(markupOf('no mentions here', [])).toBe('no mentions here');
  });
});

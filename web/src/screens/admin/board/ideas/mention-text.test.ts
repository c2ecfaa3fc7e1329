import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt, mentionSegments } from './mention-text.ts';

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

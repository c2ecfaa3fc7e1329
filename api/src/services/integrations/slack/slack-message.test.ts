import { describe, expect, it } from 'vitest';
import { escapeSlackText, slackMessage } from './slack-message.ts';
import type { TSlackIdea } from './slack-message.ts';

const idea: TSlackIdea = {
  title: 'Dark mode <!channel> & <https://evil.example|click here>',
  boardName: 'Product <@U123>',
  url: 'https://feedback.example.com/acme/product/ideas/7-dark-mode',
};

/** Every text Slack would parse as mrkdwn or show in a notification, joined. */
function mrkdwnOf(message: { text: string; blocks: object[] }): string {
  return [message.text, JSON.stringify(message.blocks)].join('\n');
}

describe('escapeSlackText', () => {
  it('turns Slack control characters into entities, and nothing else', () => {
    expect(escapeSlackText('<!channel> <!here> <@U1> a & b > c')).toBe(
      '&lt;!channel&gt; &lt;!here&gt; &lt;@U1&gt; a &amp; b &gt; c',
    );
    expect(escapeSlackText('Zażółć gęślą jaźń *bold* _it_')).toBe('Zażółć gęślą jaźń *bold* _it_');
  });
});

describe('slackMessage', () => {
  it('never lets a title, board name or comment ping a channel or disguise a link', () => {
    const messages = [
      slackMessage({ event: 'IDEA_CREATED', idea, authorName: '<!everyone> Eve' }, 'en'),
      slackMessage({ event: 'IDEA_ACCEPTED', idea }, 'en'),
      slackMessage({ event: 'IDEA_STATUS_CHANGED', idea, from: 'OPEN', to: 'PLANNED' }, 'pl'),
      slackMessage(
        {
          event: 'COMMENT_ADDED',
          idea,
          authorName: 'Mallory',
          text: 'See <https://evil.example|the docs>\n<!channel>',
        },
        'en',
      ),
      slackMessage(
        {
          event: 'RELEASE_PUBLISHED',
          release: {
            name: '<!here> 2.0',
            releaseDate: '2026-11-25',
            url: 'https://feedback.example.com/acme/changelog',
            parts: ['<https://evil.example|Faster> search'],
          },
        },
        'en',
      ),
    ];
    for (const message of messages) {
      const text = mrkdwnOf(message);
      expect(text).not.toMatch(/<!(channel|here|everyone)/);
      expect(text).not.toContain('<@U123>');
      expect(text).not.toContain('<https://evil');
      // The only links are ours.
      for (const [, url] of text.matchAll(/<(https?:[^|>]*)\|/g)) {
        expect(url).toMatch(/^https:\/\/feedback\.example\.com\//);
      }
    }
  });

  it('links the title to the idea page and says what happened, in the connection’s language', () => {
    const en = slackMessage(
      { event: 'IDEA_STATUS_CHANGED', idea, from: 'OPEN', to: 'IN_PROGRESS' },
      'en',
    );
    expect(en.text).toContain('Status changed: Open → In progress');
    const blocks = JSON.stringify(en.blocks);
    expect(blocks).toContain(
      `<${idea.url}|Dark mode &lt;!channel&gt; &amp; &lt;https://evil.example|click here&gt;>`,
    );
    expect(en.blocks).toContainEqual({
      type: 'actions',
      elements: [
        { type: 'button', text: { type: 'plain_text', text: 'Open the idea' }, url: idea.url },
      ],
    });
    const pl = slackMessage(
      { event: 'IDEA_STATUS_CHANGED', idea, from: 'OPEN', to: 'IN_PROGRESS' },
      'pl',
    );
    expect(pl.text).toContain('Zmiana statusu: Otwarty → W trakcie');
    expect(JSON.stringify(pl.blocks)).toContain('Otwórz pomysł');
    expect(en.unfurl_links).toBe(false);
  });

  it('keeps a link address from closing the link early', () => {
    const odd = { ...idea, url: 'https://feedback.example.com/a|b>c' };
    const message = slackMessage({ event: 'IDEA_ACCEPTED', idea: odd }, 'en');
    expect(JSON.stringify(message.blocks)).toContain('<https://feedback.example.com/a%7Cb%3Ec|');
  });
});

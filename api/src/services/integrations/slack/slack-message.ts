import type { IdeaStatus } from '../../../generated/prisma/client.ts';
import { STATUS_LABELS, formatCalendarDate } from '../../notification/notification-texts.ts';
import type { TLang } from '../../notification/notification-texts.ts';

/** What a Slack channel may be told about, each chosen per connection. */
export const SLACK_EVENTS = [
  'IDEA_CREATED',
  'IDEA_ACCEPTED',
  'IDEA_STATUS_CHANGED',
  'COMMENT_ADDED',
  'RELEASE_PUBLISHED',
] as const;
export type TSlackEvent = (typeof SLACK_EVENTS)[number];

/** An idea as a message names it: `url` is its page (the portal's, or the console's). */
export type TSlackIdea = { title: string; boardName: string; url: string };

export type TSlackNotice =
  | { event: 'IDEA_CREATED'; idea: TSlackIdea; authorName: string | null }
  | { event: 'IDEA_ACCEPTED'; idea: TSlackIdea }
  | { event: 'IDEA_STATUS_CHANGED'; idea: TSlackIdea; from: IdeaStatus; to: IdeaStatus }
  | { event: 'COMMENT_ADDED'; idea: TSlackIdea; authorName: string | null; text: string }
  | {
      event: 'RELEASE_PUBLISHED';
      release: { name: string; releaseDate: string; url: string; parts: string[] };
    };

/** An incoming webhook's body: `text` is what notifications and screen readers show. */
export type TSlackMessage = {
  text: string;
  blocks: object[];
  unfurl_links: false;
  unfurl_media: false;
};

/**
 * Text written into Slack's mrkdwn as text, never as markup: Slack reads `<…>` as mentions
 * (`<!channel>`, `<@U123>`) and links (`<https://evil|click>`), and asks for exactly these three
 * characters to be escaped. Escaped, a title can neither ping a channel nor pass off another
 * address as ours.
 */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A link Slack shows as `label`: the address is ours; `|` and `>` cannot end it early. */
function slackLink(url: string, label: string): string {
  const safeUrl = url.replace(/[|<>]/g, (ch) => encodeURIComponent(ch));
  return `<${safeUrl}|${escapeSlackText(label)}>`;
}

/** Slack shows at most 3 000 characters in a section; comments are cut well before. */
function shortened(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const TEXTS = {
  en: {
    created: (author: string | null) => (author ? `New idea by ${author}` : 'New idea'),
    accepted: 'Idea accepted',
    status: (from: string, to: string) => `Status changed: ${from} → ${to}`,
    comment: (author: string | null) => (author ? `New comment by ${author}` : 'New comment'),
    release: 'Release published',
    onBoard: (board: string) => `on ${board}`,
    open: 'Open the idea',
    openRelease: 'Open the changelog',
  },
  pl: {
    created: (author: string | null) => (author ? `Nowy pomysł od: ${author}` : 'Nowy pomysł'),
    accepted: 'Pomysł zaakceptowany',
    status: (from: string, to: string) => `Zmiana statusu: ${from} → ${to}`,
    comment: (author: string | null) =>
      author ? `Nowy komentarz od: ${author}` : 'Nowy komentarz',
    release: 'Opublikowano wydanie',
    onBoard: (board: string) => `na tablicy ${board}`,
    open: 'Otwórz pomysł',
    openRelease: 'Otwórz listę zmian',
  },
} satisfies Record<TLang, unknown>;

const section = (mrkdwn: string) => ({ type: 'section', text: { type: 'mrkdwn', text: mrkdwn } });
const context = (mrkdwn: string) => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: mrkdwn }],
});
const button = (label: string, url: string) => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text: label }, url }],
});

/**
 * One event as a Slack message in Block Kit, in the connection's language: a headline, the
 * idea's title as a link to its page, what changed, and a button to open it. Every text that
 * people wrote (titles, names, comments, board and release names) goes through escapeSlackText.
 */
export function slackMessage(notice: TSlackNotice, lang: TLang): TSlackMessage {
  const t = TEXTS[lang];
  const finish = (headline: string, blocks: object[]): TSlackMessage => ({
    text: headline,
    blocks,
    unfurl_links: false,
    unfurl_media: false,
  });
  if (notice.event === 'RELEASE_PUBLISHED') {
    const { release } = notice;
    const headline = `${t.release}: ${escapeSlackText(release.name)}`;
    const date = formatCalendarDate(release.releaseDate, lang === 'pl' ? 'pl-PL' : 'en-US');
    const parts = release.parts
      .slice(0, 20)
      .map((part) => `• ${escapeSlackText(shortened(part, 150))}`);
    return finish(headline, [
      section(`*${t.release}:* ${slackLink(release.url, release.name)}`),
      context(escapeSlackText(date)),
      ...(parts.length ? [section(parts.join('\n'))] : []),
      button(t.openRelease, release.url),
    ]);
  }
  const { idea } = notice;
  const title = slackLink(idea.url, idea.title);
  const where = escapeSlackText(t.onBoard(idea.boardName));
  const labels = STATUS_LABELS[lang];
  const headline =
    notice.event === 'IDEA_CREATED'
      ? t.created(notice.authorName)
      : notice.event === 'IDEA_ACCEPTED'
        ? t.accepted
        : notice.event === 'IDEA_STATUS_CHANGED'
          ? t.status(labels[notice.from], labels[notice.to])
          : t.comment(notice.authorName);
  const blocks: object[] = [section(`*${escapeSlackText(headline)}*\n${title}`), context(where)];
  if (notice.event === 'COMMENT_ADDED') {
    blocks.push(section(`>${escapeSlackText(shortened(notice.text)).replace(/\n/g, '\n>')}`));
  }
  blocks.push(button(t.open, idea.url));
  return finish(`${escapeSlackText(headline)}: ${escapeSlackText(idea.title)}`, blocks);
}

const TEST_TEXTS = {
  en: {
    headline: 'Feedboard is connected',
    text: 'A test message from Feedboard: the events you chose will be posted to this channel.',
    open: 'Open Feedboard',
  },
  pl: {
    headline: 'Feedboard jest połączony',
    text: 'Wiadomość testowa z Feedboard: wybrane zdarzenia będą publikowane na tym kanale.',
    open: 'Otwórz Feedboard',
  },
} satisfies Record<TLang, unknown>;

/** The "send test message" action's message, in the connection's language. */
export function slackTestMessage(lang: TLang, appUrl: string): TSlackMessage {
  const t = TEST_TEXTS[lang];
  return {
    text: t.headline,
    blocks: [section(`*${t.headline}*\n${t.text}`), button(t.open, appUrl)],
    unfurl_links: false,
    unfurl_media: false,
  };
}

/** The messages' language of a connection (its `language` is en-US or pl-PL). */
export function slackLang(language: string): TLang {
  return language.startsWith('pl') ? 'pl' : 'en';
}

import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readableOn } from '../../../widget/src/contrast.ts';

/**
 * Every mail's HTML part, made from its text part at delivery: one layout for all of them (the
 * texts are written once, in the services, in both languages), so the two parts say the same.
 * The text's shape is read as the services write it: paragraphs between blank lines, a link on
 * a line of its own or after a short label ("See it: https://…") as a button, the part after a
 * `--` line as the footer (why the mail came, the unsubscribe link). The company's logo or name
 * heads it; readable without CSS (plain headings, paragraphs and links) and in dark mode.
 */
export type TMailLook = {
  /** The company the mail speaks for, or null for Feedboard's own (team) mails. */
  companyName: string | null;
  /** The company's logo (http(s)), shown above the mail when set. */
  logoUrl: string | null;
  /** The reader's language (en-US, pl-PL, …): the page's `lang` and the few words the layout adds. */
  language: string;
  /** The company's brand colour (6 hex digits, Company.brandColor) for the buttons, or null. */
  brandColor?: string | null;
};

/** The buttons' colour: the company's brand (its text black or white, whichever reads), or null. */
const ButtonColours = createContext<{ background: string; text: string } | null>(null);

const WORDS = {
  en: { open: 'Open the link', sentBy: 'Sent by Feedboard' },
  // Escaped: the server bundle stays ASCII (scripts/build-server.mjs).
  pl: { open: 'Otw\u00f3rz link', sentBy: 'Wys\u0142ane przez Feedboard' },
} as const;

const URL_ONLY = /^https?:\/\/\S+$/;
/** "See it: https://…", "Całość: https://…": a short label and a link, nothing after it. */
const LABELLED_URL = /^([^:\n]{1,40}):\s+(https?:\/\/\S+)$/;
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

const COLORS = {
  page: '#f4f4f5',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#e5e7eb',
  button: '#111827',
  buttonText: '#ffffff',
  link: '#1d4ed8',
};

/**
 * Dark mode for the clients that honour it (Apple Mail, iOS, Outlook.com): the inline colours
 * are the light scheme, these replace them. Clients that strip <style> keep the light scheme.
 */
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .fb-page, .fb-page > table > tbody > tr > td { background-color: #0b0f14 !important; }
  .fb-card { background-color: #161b22 !important; border-color: #30363d !important; }
  .fb-text, .fb-head { color: #e6edf3 !important; }
  .fb-muted { color: #9da7b3 !important; }
  .fb-link { color: #79b8ff !important; }
  .fb-button { background-color: #e6edf3 !important; color: #0b0f14 !important; }
  .fb-rule { border-color: #30363d !important; }
}`;

export function mailHtml(subject: string, text: string, look: TMailLook): string {
  const words = look.language.toLowerCase().startsWith('pl') ? WORDS.pl : WORDS.en;
  const [body, footer] = splitFooter(text);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const preview =
    paragraphs.find((p) => !/^(hi|hello|cze\u015b\u0107|dzie\u0144 dobry)/i.test(p)) ?? subject;
  const brand =
    look.brandColor && /^[0-9a-f]{6}$/i.test(look.brandColor) ? `#${look.brandColor}` : null;
  const buttons = brand ? { background: brand, text: readableOn(brand, '#ffffff') } : null;
  const markup = renderToStaticMarkup(
    <ButtonColours.Provider value={buttons}>
      <Html lang={look.language.slice(0, 2)} dir="ltr">
        <Head>
          <title>{subject}</title>
          <meta name="color-scheme" content="light dark" />
          <meta name="supported-color-schemes" content="light dark" />
          <style>{DARK_CSS}</style>
        </Head>
        <Preview>{oneLine(preview).slice(0, 140)}</Preview>
        <Body
          className="fb-page"
          style={{
            backgroundColor: COLORS.page,
            margin: 0,
            padding: '24px 0',
            fontFamily: '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
          }}
        >
          <Container style={{ maxWidth: '560px', padding: '0 12px' }}>
            <Section style={{ padding: '8px 4px 16px' }}>
              {look.logoUrl ? (
                <Img
                  src={look.logoUrl}
                  alt={look.companyName ?? 'Feedboard'}
                  height="32"
                  style={{ height: '32px', width: 'auto', maxWidth: '200px' }}
                />
              ) : (
                <Text
                  className="fb-head"
                  style={{ margin: 0, fontSize: '18px', fontWeight: 700, color: COLORS.text }}
                >
                  {look.companyName ?? 'Feedboard'}
                </Text>
              )}
            </Section>
            <Section
              className="fb-card"
              style={{
                backgroundColor: COLORS.card,
                border: `1px solid ${COLORS.rule}`,
                borderRadius: '8px',
                padding: '8px 24px',
              }}
            >
              {paragraphs.map((paragraph, i) => (
                <Paragraph key={i} text={paragraph} openLabel={words.open} />
              ))}
            </Section>
            {footer ? (
              <Section style={{ padding: '8px 4px' }}>
                <Hr className="fb-rule" style={{ borderColor: COLORS.rule, margin: '16px 0' }} />
                {footer
                  .split(/\n{2,}/)
                  .map((p) => p.trim())
                  .filter(Boolean)
                  .map((p, i) => (
                    <Text
                      key={i}
                      className="fb-muted"
                      style={{
                        fontSize: '12px',
                        lineHeight: '18px',
                        color: COLORS.muted,
                        margin: '8px 0',
                      }}
                    >
                      {withLineBreaks(p)}
                    </Text>
                  ))}
              </Section>
            ) : null}
            {look.companyName ? (
              <Text
                className="fb-muted"
                style={{ fontSize: '11px', color: COLORS.muted, margin: '16px 4px 0' }}
              >
                {words.sentBy}
              </Text>
            ) : null}
          </Container>
        </Body>
      </Html>
    </ButtonColours.Provider>,
  );
  return `<!DOCTYPE html>${markup}`;
}

/** The text before a `--` line and after it (the signature separator the services write). */
function splitFooter(text: string): [string, string | null] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((line) => line.trim() === '--');
  if (at < 0) return [text, null];
  return [
    lines.slice(0, at).join('\n'),
    lines
      .slice(at + 1)
      .join('\n')
      .trim() || null,
  ];
}

function Paragraph({ text, openLabel }: { text: string; openLabel: string }) {
  if (URL_ONLY.test(text)) return <ActionButton href={text} label={openLabel} />;
  // A labelled link ("See it: https://…") becomes a button; a link on its own line under a line
  // of text (a digest's list) makes that line its link; the rest stays text.
  const parts: ReactNode[] = [];
  let pending: TLine[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    parts.push(
      <Text
        key={parts.length}
        className="fb-text"
        style={{ fontSize: '15px', lineHeight: '24px', color: COLORS.text, margin: '16px 0' }}
      >
        {linesOf(pending)}
      </Text>,
    );
    pending = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const labelled = LABELLED_URL.exec(line);
    const previous = pending.at(-1);
    if (labelled) {
      flush();
      parts.push(<ActionButton key={parts.length} href={labelled[2]!} label={labelled[1]!} />);
    } else if (URL_ONLY.test(line) && previous && previous.href === null) {
      previous.href = line;
    } else if (URL_ONLY.test(line)) {
      flush();
      parts.push(<ActionButton key={parts.length} href={line} label={openLabel} />);
    } else {
      pending.push({ text: raw, href: null });
    }
  }
  flush();
  return <>{parts}</>;
}

type TLine = { text: string; href: string | null };

/** Lines with <br> between them; a line with its own link is that link. */
function linesOf(lines: TLine[]): ReactNode[] {
  return lines.flatMap((line, i) => [
    ...(i > 0 ? [<br key={`br${i}`} />] : []),
    line.href ? (
      <Link
        key={`l${i}`}
        href={line.href}
        className="fb-link"
        style={{ color: COLORS.link, textDecoration: 'underline' }}
      >
        {line.text}
      </Link>
    ) : (
      <span key={`l${i}`}>{withLineBreaks(line.text)}</span>
    ),
  ]);
}

function ActionButton({ href, label }: { href: string; label: string }) {
  // A brand colour stays in the dark scheme too (the scheme's override is for the neutral one).
  const brand = useContext(ButtonColours);
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button
        href={href}
        {...(brand ? {} : { className: 'fb-button' })}
        style={{
          backgroundColor: brand?.background ?? COLORS.button,
          color: brand?.text ?? COLORS.buttonText,
          borderRadius: '6px',
          padding: '10px 18px',
          fontSize: '15px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
    </Section>
  );
}

/** A text's lines with <br> between them and its http(s) addresses as links. */
function withLineBreaks(text: string): ReactNode[] {
  return text.split('\n').flatMap((line, i) => {
    const nodes: ReactNode[] = i > 0 ? [<br key={`br${i}`} />] : [];
    let last = 0;
    for (const match of line.matchAll(URL_IN_TEXT)) {
      const start = match.index;
      if (start > last) nodes.push(line.slice(last, start));
      nodes.push(
        <Link
          key={`a${i}-${start}`}
          href={match[0]}
          className="fb-link"
          style={{ color: COLORS.link, textDecoration: 'underline', wordBreak: 'break-all' }}
        >
          {match[0]}
        </Link>,
      );
      last = start + match[0].length;
    }
    if (last < line.length) nodes.push(line.slice(last));
    return nodes;
  });
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

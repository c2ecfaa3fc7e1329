import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a loopback port that keeps every message it receives. `reject` makes
 * it refuse every recipient with the given reply (as a full or failing mail server does) until
 * `reject(null)`.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: TReceivedMail[];
  reject: (reply: { code: number; message: string } | null) => void;
  nextMessage: (timeoutMs?: number) => Promise<TReceivedMail>;
  close: () => Promise<void>;
}> {
  const messages: TReceivedMail[] = [];
  const waiters: ((mail: TReceivedMail) => void)[] = [];
  let rejection: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!rejection) return callback();
      const error = Object.assign(new Error(rejection.message), {
        responseCode: rejection.code,
      });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        waiters.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  let consumed = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    reject: (reply) => {
      rejection = reply;
    },
    nextMessage: (timeoutMs = 10_000) => {
      const ready = messages[consumed];
      if (ready) {
        consumed += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No mail arrived in time')), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          consumed += 1;
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TParsedMail = {
  subject: string;
  text: string;
  /** The HTML part, when the message has one. */
  html: string | null;
  /** The top-level Content-Type's value (e.g. multipart/alternative). */
  contentType: string;
  /** Header values by lower-case name, as sent (e.g. `list-unsubscribe`). */
  header: (name: string) => string | undefined;
};

/** Decodes a received message (MIME words, quoted-printable) with mailparser. */
export async function readMail(mail: TReceivedMail): Promise<TParsedMail> {
  const parsed = await simpleParser(mail.raw);
  const lines = new Map(
    parsed.headerLines.map((h) => [
      h.key,
      h.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n[ \t]+/g, ' '),
    ]),
  );
  return {
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    contentType: parsed.headers.get('content-type')
      ? String(
          (parsed.headers.get('content-type') as { value?: string }).value ??
            parsed.headers.get('content-type'),
        )
      : '',
    header: (name) => lines.get(name.toLowerCase()),
  };
}

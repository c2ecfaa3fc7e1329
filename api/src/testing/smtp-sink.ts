import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a loopback port that keeps every message it receives. */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: TReceivedMail[];
  nextMessage: (timeoutMs?: number) => Promise<TReceivedMail>;
  close: () => Promise<void>;
}> {
  const messages: TReceivedMail[] = [];
  const waiters: ((mail: TReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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

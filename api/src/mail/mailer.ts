import type { Transporter } from 'nodemailer';
import { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { backoffMs, createQueueWorker } from '../jobs/queue-worker.ts';
import type { TLogger } from '../observability/log.ts';
import { inlineText } from './inline-text.ts';
import { mailHtml } from './mail-html.tsx';

/** Mails one wake prints in full in the outbox (mailer.wake); the rest are counted. */
const OUTBOX_PRINT_MAX = 20;

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about (ACCOUNT by default); stored on the row. */
  topic?: string;
  /**
   * The one account the mail is for (a confirmation, a password reset, a privacy request):
   * stored on the row, so the account's privacy export and erasure find it. A mail for several
   * accounts (one address's reset links in several companies) names none: one address may be
   * an account of several companies, so the address alone never says whose a mail is.
   */
  userId?: number;
  /**
   * Whose words the mail carries, when not the recipient's company (a changelog subscriber has
   * no account): the From display name says "<senderName> via Feedboard". Mails to a company's
   * end user name their company without it; team mails stay Feedboard's.
   */
  senderName?: string;
  /**
   * The reader's language (en-US, pl-PL) when the mail is for no account (an invitation, a
   * changelog subscriber): the HTML part's `lang` and layout words. An account's mail takes the
   * account's language.
   */
  language?: string;
  /** The company the mail speaks for when the recipient is none of its end users (its logo). */
  companyId?: number;
};

/**
 * Where `senderName` waits in the row's headers until the mail goes: read by the mailer, never
 * sent as a header.
 */
export const SENDER_NAME_HEADER = 'X-Feedboard-Sender-Name';
/** The mail's language (TMailMessage.language), a note like SENDER_NAME_HEADER. */
export const LANGUAGE_HEADER = 'X-Feedboard-Language';
/** The company whose logo heads the mail (TMailMessage.companyId), a note like the others. */
export const COMPANY_HEADER = 'X-Feedboard-Company';
/** The row's notes to the mailer: read when the mail goes, never sent as headers. */
const NOTES = new Set([SENDER_NAME_HEADER, LANGUAGE_HEADER, COMPANY_HEADER]);

/**
 * SQL of the name a queued "Mail" row (`m`) is sent in the name of, or NULL for Feedboard's own:
 * the row's senderName (which the changelog's mails to subscribers, who have no account, carry);
 * else the company of the end user it is for (confirmation, reset and notification mails to a
 * board's end user). Team mails (owners, admins, members) stay Feedboard's.
 */
const senderNameSql = (m: string) =>
  Prisma.raw(`COALESCE(
      ${m}."headers"->>'${SENDER_NAME_HEADER}',
      (SELECT c."name" FROM "User" su JOIN "Company" c ON c."id" = su."companyId"
       WHERE su."id" = ${m}."userId" AND su."role" = 'END_USER'))`);

/**
 * SQL of what the HTML part of a queued "Mail" row (`m`) looks like: the reader's language (the
 * row's note, else its account's, else English) and the look (logo, brand colour) of the company
 * it speaks for, read once: the row's company note (invitations, subscribers), else the company
 * of the end user it is for; team mails carry none.
 */
const mailLookSql = (m: string) =>
  Prisma.raw(`COALESCE(${m}."headers"->>'${LANGUAGE_HEADER}',
      (SELECT lu."language" FROM "User" lu WHERE lu."id" = ${m}."userId"), 'en-US') AS "language",
    (SELECT json_build_object('logoUrl', c."logoUrl", 'brandColor', c."brandColor")
     FROM "Company" c
     WHERE c."id" = COALESCE(
       (${m}."headers"->>'${COMPANY_HEADER}')::int,
       (SELECT cu."companyId" FROM "User" cu
        WHERE cu."id" = ${m}."userId" AND cu."role" = 'END_USER'))) AS "look"`);

/**
 * The From of a mail sent in the name of `senderName` ("Acme via Feedboard" at the configured
 * address), or the configured From itself.
 */
export function senderFrom(
  from: string,
  senderName: string | null,
): string | { name: string; address: string } {
  if (!senderName) return from;
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  const ours = match?.[1]?.trim() || 'Feedboard';
  const address = match?.[2]?.trim() ?? from.trim();
  return { name: `${inlineText(senderName)} via ${ours}`, address };
}

/**
 * The outbox's printer at a log level: standard error, beside the log (whose JSON lines would
 * escape a mail's lines), at info and debug; nothing where the log is quieter (tests).
 */
export function outboxPrinter(level: string): (block: string) => void {
  return level === 'info' || level === 'debug'
    ? (block) => void process.stderr.write(block)
    : () => undefined;
}

/** A From as a header line shows it. */
const fromLine = (from: string | { name: string; address: string }) =>
  typeof from === 'string' ? from : `${from.name} <${from.address}>`;

/** The SMTP server's answer to a test mail, or why there was none. */
export type TTestMailResult =
  | { outcome: 'SENT'; response: string }
  | { outcome: 'FAILED'; response: string }
  | { outcome: 'NOT_CONFIGURED'; response: string };

export type TMailRetry = {
  /** Attempts before a message is FAILED for good. */
  maxAttempts: number;
  /** Delay after the first failed attempt; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest delay between two attempts. */
  maxDelayMs: number;
  /** How often the worker looks for due messages written by any process. */
  pollMs: number;
};

/** Where and how `send` records a message. */
export type TSendOptions = {
  /**
   * Records the row in this transaction: it exists only if the transaction commits, so the
   * caller wakes the worker (`wake`) after the commit.
   */
  db?: Prisma.TransactionClient;
  /** Holds the message (status HELD) until this user confirms their address (releaseHeldMail). */
  heldForUserId?: number;
};

export type TMailer = {
  /** 'smtp' when SMTP_URL is set; 'outbox' keeps messages as QUEUED rows and logs them. */
  kind: 'smtp' | 'outbox';
  /**
   * Records the message as a QUEUED row; the worker sends it in the background, so the
   * caller's request never waits on (or fails because of) the SMTP server.
   */
  send: (message: TMailMessage, options?: TSendOptions) => Promise<{ id: number }>;
  /**
   * Tells the worker that rows were queued (by SQL elsewhere) and are due now. Without SMTP the
   * rows named by `ids` are printed as `send` prints its own (e.g. invitation mails held until
   * their sender confirmed the address: the outbox is where an evaluator reads them).
   */
  wake: (ids?: readonly number[]) => void;
  /**
   * Sends every message that is due now (and waits for sends in flight); messages waiting for
   * a later retry stay queued. Tests and scripts use it; the worker does the same on its own.
   */
  flush: () => Promise<void>;
  /** Sends one message at once, outside the queue, and answers the SMTP server's exact reply. */
  sendTest: (to: string) => Promise<TTestMailResult>;
  /** Stops taking rows, lets the sends in flight finish, closes the SMTP connections. */
  close: () => Promise<void>;
};

type TClaimedMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
  /** Whose name the mail goes in (senderNameSql), null: Feedboard's. */
  senderName: string | null;
  /** The reader's language and the company's logo and brand colour (mailLookSql). */
  language: string;
  look: { logoUrl: string | null; brandColor: string | null } | null;
};

/** Messages one worker takes (and sends in parallel) per claim. */
const BATCH = 10;
/**
 * A claimed row is due again after this long: a worker that died mid-send gives its rows back.
 * Longer than the transport's own timeouts below, so a slow live send is never sent twice.
 */
const LEASE_SECONDS = 180;

/** The server's own words when it answered, else the error's message. */
function smtpAnswer(error: unknown): string {
  if (error && typeof error === 'object') {
    const { response, message } = error as { response?: unknown; message?: unknown };
    if (typeof response === 'string' && response) return response;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/**
 * Mail as a durable job: every message is a row in "Mail". Without SMTP the rows are the outbox
 * (logged, never sent). With SMTP a worker in each process claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so several processes never send one message twice, sends them, and
 * on failure retries with exponential backoff until `maxAttempts`, then marks the row FAILED
 * with the server's answer in `lastError`.
 */
export function createMailer(options: {
  prisma: PrismaClient;
  smtpUrl: string | undefined;
  from: string;
  log: TLogger;
  retry: TMailRetry;
  /**
   * Where the outbox (no SMTP) writes each mail, readable: headers, a blank line, the text.
   * Standard error by default, beside the log (whose JSON lines would escape it).
   */
  printOutbox?: (block: string) => void;
  /**
   * The log is JSON lines (LOG_FORMAT json, or not a terminal): each kept mail goes in its
   * log line (`mail`: from, to, subject, text) instead of a block of plain lines beside it,
   * which broke the one-object-a-line a log shipper reads (walkthrough 10).
   */
  outboxInLog?: boolean;
}): TMailer {
  const { prisma, smtpUrl, from, log, retry } = options;
  const writeOutbox = options.printOutbox ?? outboxPrinter('info');
  // nodemailer (about 300 KB of code) loads with the first message to send, not at every
  // start: most starts send none, and the outbox needs none.
  let transportReady: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? () =>
        (transportReady ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport({
            url: smtpUrl,
            pool: true,
            maxConnections: 5,
            connectionTimeout: 30_000,
            greetingTimeout: 30_000,
            socketTimeout: 60_000,
          } as Parameters<typeof nodemailer.createTransport>[0]),
        ))
    : undefined;

  async function claim(): Promise<TClaimedMail[]> {
    return prisma.$queryRaw<TClaimedMail[]>`
      UPDATE "Mail" SET "attempts" = "attempts" + 1,
        "nextAttemptAt" = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE "id" IN (
        SELECT "id" FROM "Mail"
        WHERE "status" = 'QUEUED' AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= now())
        ORDER BY "id" LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING "id", "to", "subject", "text", "html", "headers", "attempts",
        ${senderNameSql('"Mail"')} AS "senderName", ${mailLookSql('"Mail"')}`;
  }

  async function deliver(mail: TClaimedMail, sender: Transporter): Promise<void> {
    let failure: unknown = null;
    // The sender's name, language and company are the mailer's own notes, never headers.
    const headers = Object.fromEntries(
      Object.entries(mail.headers ?? {}).filter(([name]) => !NOTES.has(name)),
    );
    // Every mail goes as HTML with its text beside it (multipart/alternative), the one layout.
    const html =
      mail.html ??
      mailHtml(mail.subject, mail.text, {
        companyName: mail.senderName,
        logoUrl: mail.look?.logoUrl ?? null,
        brandColor: mail.look?.brandColor ?? null,
        language: mail.language,
      });
    try {
      await sender.sendMail({
        from: senderFrom(from, mail.senderName),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      });
    } catch (error) {
      failure = error;
    }
    if (failure === null) {
      // Should this write fail, the lease runs out and the message goes again: at least once.
      await prisma.mail
        .update({
          where: { id: mail.id },
          data: { status: 'SENT', sentAt: new Date(), lastError: null, nextAttemptAt: null },
        })
        .catch((e: unknown) =>
          log.error(`Mail ${mail.id} was sent but not marked SENT: ${smtpAnswer(e)}`),
        );
      return;
    }
    const answer = smtpAnswer(failure).slice(0, 2000);
    const isFinal = mail.attempts >= retry.maxAttempts;
    const delaySeconds = backoffMs(retry.baseDelayMs, retry.maxDelayMs, mail.attempts) / 1000;
    log.warn(
      `Mail ${mail.id} to ${mail.to} failed (attempt ${mail.attempts} of ${retry.maxAttempts}${isFinal ? ', giving up' : ''}): ${answer}`,
    );
    // The database's clock schedules the retry, as it decides what is due.
    const next = isFinal
      ? Prisma.sql`NULL`
      : Prisma.sql`now() + make_interval(secs => ${delaySeconds})`;
    // Only while the claim is still this one's (its attempts count): after a send that outlived
    // its lease another worker owns the row, and a late failure must not queue a third send.
    await prisma.$executeRaw`
      UPDATE "Mail" SET "lastError" = ${answer}, "nextAttemptAt" = ${next},
        "status" = ${isFinal ? 'FAILED' : 'QUEUED'}::"MailStatus"
      WHERE "id" = ${mail.id} AND "attempts" = ${mail.attempts} AND "status" = 'QUEUED'`.catch(
      (e: unknown) => log.error(`Mail ${mail.id}: could not record the failure: ${smtpAnswer(e)}`),
    );
  }

  /**
   * Without SMTP the outbox is where mail is read: each message as a reader needs it (its
   * headers, then its text, links included) and one log line that it was kept.
   */
  const printOutbox = (mail: {
    id: number;
    to: string;
    subject: string;
    text: string;
    senderName: string | null;
  }) => {
    const line = `[outbox] mail ${mail.id} to ${mail.to}: ${mail.subject} (set SMTP_URL to send mail)`;
    if (options.outboxInLog) {
      log.info(line, {
        mail: {
          id: mail.id,
          from: fromLine(senderFrom(from, mail.senderName)),
          to: mail.to,
          subject: mail.subject,
          text: mail.text.trimEnd(),
        },
      });
      return;
    }
    log.info(line);
    const rule = '─'.repeat(8);
    writeOutbox(
      [
        `${rule} [outbox] mail ${mail.id}, not sent: set SMTP_URL to send mail ${rule}`,
        `From: ${fromLine(senderFrom(from, mail.senderName))}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        '',
        mail.text.trimEnd(),
        `${rule} end of mail ${mail.id} ${rule}`,
        '',
      ].join('\n'),
    );
  };

  /** The outbox's rows, as printOutbox shows them (`db`: a transaction that wrote them). */
  const readOutbox = (ids: readonly number[], db: Prisma.TransactionClient = prisma) =>
    db.$queryRaw<
      { id: number; to: string; subject: string; text: string; senderName: string | null }[]
    >`SELECT m."id", m."to", m."subject", m."text", ${senderNameSql('m')} AS "senderName"
      FROM "Mail" m WHERE m."id" = ANY(${ids}::int[]) ORDER BY m."id"`;

  const worker = transport
    ? createQueueWorker({
        name: 'Mail worker',
        log,
        runBatch: async () => {
          const batch = await claim();
          if (batch.length) {
            const sender = await transport();
            await Promise.all(batch.map((mail) => deliver(mail, sender)));
          }
          return batch.length;
        },
      })
    : undefined;
  worker?.start(retry.pollMs);

  return {
    kind: transport ? 'smtp' : 'outbox',
    async send(message, options = {}) {
      const isHeld = options.heldForUserId !== undefined;
      const row = await (options.db ?? prisma).mail.create({
        data: {
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          topic: message.topic ?? 'ACCOUNT',
          userId: message.userId ?? null,
          ...(notesOf(message) ? { headers: notesOf(message) } : {}),
          ...(isHeld ? { status: 'HELD' as const, heldForUserId: options.heldForUserId } : {}),
        },
        select: { id: true },
      });
      if (isHeld) return row;
      if (!transport) {
        const [shown] = await readOutbox([row.id], options.db);
        printOutbox(shown ?? { id: row.id, ...message, senderName: message.senderName ?? null });
        return row;
      }
      if (!options.db) worker?.wake();
      return row;
    },
    wake(ids = []) {
      if (!transport && ids.length > 0) {
        // The first OUTBOX_PRINT_MAX in full, the rest counted (a wake may name many rows).
        void readOutbox(ids.slice(0, OUTBOX_PRINT_MAX))
          .then((rows) => {
            for (const row of rows) printOutbox(row);
            if (ids.length > OUTBOX_PRINT_MAX) {
              log.info(`[outbox] … and ${ids.length - OUTBOX_PRINT_MAX} more mails queued`);
            }
          })
          .catch((error: unknown) => log.error(`Could not print queued mail: ${String(error)}`));
      }
      worker?.wake();
    },
    async flush() {
      await worker?.drain();
    },
    async sendTest(to) {
      const subject = 'Feedboard test email';
      const text =
        'This is a test email from Feedboard. If you can read it, notification mail reaches you.\n';
      if (!transport) {
        await prisma.mail.create({ data: { to, subject, text, topic: 'TEST' } });
        log.info(`[outbox] test mail to ${to} (set SMTP_URL to send mail)`);
        return {
          outcome: 'NOT_CONFIGURED',
          response: 'SMTP is not configured (SMTP_URL is unset): mail stays in the outbox.',
        };
      }
      try {
        const info = (await (
          await transport()
        ).sendMail({
          from,
          to,
          subject,
          text,
          html: mailHtml(subject, text, { companyName: null, logoUrl: null, language: 'en-US' }),
        })) as {
          response?: string;
        };
        const response = info.response ?? 'sent';
        await prisma.mail.create({
          data: {
            to,
            subject,
            text,
            topic: 'TEST',
            status: 'SENT',
            attempts: 1,
            sentAt: new Date(),
          },
        });
        return { outcome: 'SENT', response };
      } catch (error) {
        const response = smtpAnswer(error).slice(0, 2000);
        await prisma.mail.create({
          data: {
            to,
            subject,
            text,
            topic: 'TEST',
            status: 'FAILED',
            attempts: 1,
            lastError: response,
          },
        });
        return { outcome: 'FAILED', response };
      }
    },
    async close() {
      await worker?.stop();
      // A transport that never loaded has nothing to close.
      (await transportReady?.catch(() => undefined))?.close();
    },
  };
}

/** A message's notes to the mailer (sender name, language, company), or none. */
function notesOf(message: TMailMessage): Record<string, string> | undefined {
  const notes: Record<string, string> = {};
  if (message.senderName) notes[SENDER_NAME_HEADER] = message.senderName;
  if (message.language) notes[LANGUAGE_HEADER] = message.language;
  if (message.companyId !== undefined) notes[COMPANY_HEADER] = String(message.companyId);
  return Object.keys(notes).length > 0 ? notes : undefined;
}

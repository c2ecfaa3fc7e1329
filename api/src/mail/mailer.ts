import nodemailer from 'nodemailer';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { TLogger } from '../log.ts';

export type TMailMessage = { to: string; subject: string; text: string; html?: string };

export type TMailer = {
  /**
   * Records the message in the outbox and, when SMTP is configured, sends it in the
   * background: the caller's request never waits on (or fails because of) the SMTP server.
   */
  send: (message: TMailMessage) => Promise<void>;
  /** Waits for messages still being sent (graceful shutdown, tests). */
  flush: () => Promise<void>;
  close: () => void;
};

/** Mail through SMTP (`SMTP_URL`) when configured, else kept in the outbox and logged. */
export function createMailer(options: {
  prisma: PrismaClient;
  smtpUrl: string | undefined;
  from: string;
  log: TLogger;
}): TMailer {
  const { prisma, smtpUrl, from, log } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, message: TMailMessage): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({ from, ...message });
      await prisma.mail.update({
        where: { id },
        data: { status: 'SENT', sentAt: new Date(), attempts: { increment: 1 }, lastError: null },
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error(`Mail ${id} to ${message.to} failed: ${reason}`);
      await prisma.mail
        .update({
          where: { id },
          data: { status: 'FAILED', attempts: { increment: 1 }, lastError: reason.slice(0, 2000) },
        })
        .catch(() => {});
    }
  }

  return {
    async send(message) {
      const row = await prisma.mail.create({ data: { ...message, html: message.html ?? null } });
      if (!transport) {
        log.info(
          `[outbox] mail ${row.id} to ${message.to}: ${message.subject}\n${message.text}\n(set SMTP_URL to send mail)`,
        );
        return;
      }
      const job = deliver(row.id, message).finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}

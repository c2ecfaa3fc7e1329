import { z } from 'zod';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { messages, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import type { TAuditActor } from '../audit/record-audit.ts';
import { ERASURE_CONTENT_MODES, eraseUser } from './erase-end-user.ts';
import type { TErasure } from './erase-end-user.ts';
import { exportUserDocument } from './export-end-user.ts';
import type { TEndUserExport } from './export-end-user.ts';

export const PRIVACY_REQUEST_KINDS = ['EXPORT', 'ERASE'] as const;
export type TPrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** How long the mailed link works (once). */
export const PRIVACY_LINK_TTL_HOURS = 24;

export const ZPrivacyRequest = z.object({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: messages.oneOf(PRIVACY_REQUEST_KINDS) }),
});

export const ZPrivacyConfirmation = z.object({
  contentMode: z.enum(ERASURE_CONTENT_MODES, { error: messages.oneOf(ERASURE_CONTENT_MODES) }),
});

/** Who acted when the person used their own link: named without their (erased) name. */
const selfActor = (address: string | null): TAuditActor => ({
  label: 'The person themselves, through a link mailed to them',
  address,
});

function requestMail(
  language: string,
  kind: TPrivacyRequestKind,
  v: { name: string; link: string; company: string },
): { subject: string; text: string } {
  // The company keeps the data (the end user signed up on its board): the mail is in its name.
  if (language.startsWith('pl')) {
    return kind === 'EXPORT'
      ? {
          subject: `Twoje dane w ${v.company}`,
          text: `Cześć ${v.name},\n\notrzymaliśmy prośbę o kopię danych, które ${v.company} przechowuje o Tobie. Otwórz ten link (działa raz, przez ${PRIVACY_LINK_TTL_HOURS} godziny) i naciśnij „Pobierz moje dane”:\n\n${v.link}\n\nJeśli to nie Twoja prośba, zignoruj tę wiadomość: bez otwarcia linku nic się nie stanie.\n`,
        }
      : {
          subject: `Potwierdź usunięcie konta w ${v.company}`,
          text: `Cześć ${v.name},\n\notrzymaliśmy prośbę o usunięcie Twojego konta i danych. Otwórz ten link (działa raz, przez ${PRIVACY_LINK_TTL_HOURS} godziny), wybierz, co stanie się z Twoimi pomysłami i komentarzami, i potwierdź:\n\n${v.link}\n\nJeśli to nie Twoja prośba, zignoruj tę wiadomość: bez potwierdzenia nic nie zostanie usunięte.\n`,
        };
  }
  return kind === 'EXPORT'
    ? {
        subject: `Your data at ${v.company}`,
        text: `Hi ${v.name},\n\nYou asked for a copy of the data ${v.company} keeps about you. Open this link (it works once, for ${PRIVACY_LINK_TTL_HOURS} hours) and press "Download my data":\n\n${v.link}\n\nIf you did not ask, ignore this message: nothing happens unless the link is used.\n`,
      }
    : {
        subject: `Confirm deleting your ${v.company} account`,
        text: `Hi ${v.name},\n\nYou asked to delete your account and your data. Open this link (it works once, for ${PRIVACY_LINK_TTL_HOURS} hours), choose what becomes of your ideas and comments, and confirm:\n\n${v.link}\n\nIf you did not ask, ignore this message: nothing is deleted without your confirmation.\n`,
      };
}

/**
 * An end user asks for their own data or their erasure (GDPR): a one-use link (hashed at rest,
 * 24 hours) is mailed to their address, and nothing happens until it is used. Team members are
 * refused (an admin erases people from the console), so is an account with no address, and the
 * requests are rate-limited per address like confirmation mails.
 */
export async function requestPrivacy(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client: TClient,
): Promise<{ kind: TPrivacyRequestKind; email: string }> {
  const { kind } = parseInput(ZPrivacyRequest, input);
  const { userId } = requireViewer(viewer);
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    include: { company: { select: { name: true } } },
  });
  if (user.role !== 'END_USER') {
    throw new AppError(
      'CONFLICT',
      'Owners and admins of the team manage people’s data from the console (Users, Data).',
    );
  }
  if (!user.email) {
    throw new AppError(
      'CONFLICT',
      'Your account has no email address to send the link to: ask the company that runs this board.',
    );
  }
  await deps.rateLimiter.consume('confirmEmail', {
    ip: client.ip,
    account: `privacy:${user.email.toLowerCase()}`,
  });
  const token = newToken();
  await deps.prisma.privacyRequest.create({
    data: {
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PRIVACY_LINK_TTL_HOURS * 3_600_000),
    },
  });
  await deps.mailer.send({
    to: user.email,
    userId: user.id,
    topic: kind === 'EXPORT' ? 'PRIVACY_EXPORT_REQUEST' : 'PRIVACY_ERASE_REQUEST',
    ...requestMail(user.language, kind, {
      name: user.displayName,
      link: `${deps.config.appUrl}/privacy/${token}`,
      company: user.company.name,
    }),
  });
  return { kind, email: user.email };
}

export type TPrivacyLink =
  | { state: 'invalid'; language?: undefined }
  | { state: 'open'; kind: TPrivacyRequestKind; language: string };

/** What a mailed link is, without using it (the GET page). */
export async function checkPrivacyLink(deps: TDeps, token: string): Promise<TPrivacyLink> {
  const request = await deps.prisma.privacyRequest.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { language: true } } },
  });
  if (!request || request.usedAt || request.expiresAt <= new Date()) return { state: 'invalid' };
  return {
    state: 'open',
    kind: request.kind as TPrivacyRequestKind,
    language: request.user.language,
  };
}

/** Uses up a link: one conditional update, so two submissions cannot both act. */
async function useLink(
  deps: TDeps,
  token: string,
  kind: TPrivacyRequestKind,
): Promise<User | null> {
  const tokenHash = hashToken(token);
  const { count } = await deps.prisma.privacyRequest.updateMany({
    where: { tokenHash, kind, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (count !== 1) return null;
  const request = await deps.prisma.privacyRequest.findUniqueOrThrow({
    where: { tokenHash },
    include: { user: true },
  });
  return request.user;
}

/** The export link, used: the person's document (null when the link does not work). */
export async function exportByLink(
  deps: TDeps,
  token: string,
  address: string | null,
): Promise<TEndUserExport | null> {
  const user = await useLink(deps, token, 'EXPORT');
  if (!user) return null;
  return exportUserDocument(deps, user, selfActor(address), { requestedBy: 'self' });
}

/** The erasure link, used with the person's choice for their content (null: the link does not work). */
export async function eraseByLink(
  deps: TDeps,
  token: string,
  input: unknown,
  address: string | null,
): Promise<TErasure | null> {
  const { contentMode } = parseInput(ZPrivacyConfirmation, input);
  const user = await useLink(deps, token, 'ERASE');
  if (!user) return null;
  return eraseUser(deps, user, contentMode, selfActor(address), { requestedBy: 'self' });
}

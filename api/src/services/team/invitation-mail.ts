import type { TDeps } from '../../deps.ts';
import { inlineText } from '../../mail/inline-text.ts';

/** How long an invitation link works (once). */
export const INVITATION_TTL_DAYS = 7;

/** How much of the company's name the subject quotes (the text quotes up to inlineText's cap). */
const SUBJECT_COMPANY_MAX = 40;

/** The address of the page that accepts an invitation (web/src/screens/invitation). */
export function invitationLink(deps: Pick<TDeps, 'config'>, token: string): string {
  return `${deps.config.appUrl}/invitation/${token}`;
}

/**
 * The invitation mail, in the inviter's language (en-US or pl-PL). The subject names the company
 * (an invitee tells one invitation from another, and from a stranger's, in the inbox list), in
 * quotes and capped shorter than in the text: a name the company chose, not our words. The
 * inviter is named in the text only. Both are quoted on one line, without control or format
 * characters (inlineText).
 */
export function invitationMail(
  language: string,
  v: { inviter: string; company: string; role: string; link: string },
): { subject: string; text: string } {
  const inviter = inlineText(v.inviter);
  const company = inlineText(v.company);
  const subjectCompany = inlineText(v.company, SUBJECT_COMPANY_MAX);
  if (language.startsWith('pl')) {
    const role = v.role === 'ADMIN' ? 'administrator' : 'członek zespołu';
    return {
      subject: `Zaproszenie do zespo\u0142u \u201e${subjectCompany}\u201d w Feedboard`,
      text: `Cześć,\n\n${inviter} zaprasza Cię do zespołu „${company}” w Feedboard (rola: ${role}).\n\nOtwórz ten link, aby dołączyć (działa raz, przez ${INVITATION_TTL_DAYS} dni):\n\n${v.link}\n\nJeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.\n`,
    };
  }
  const role = v.role === 'ADMIN' ? 'admin' : 'team member';
  return {
    subject: `You are invited to join "${subjectCompany}" on Feedboard`,
    text: `Hi,\n\n${inviter} invited you to join the "${company}" team on Feedboard as ${role}.\n\nOpen this link to join (it works once, for ${INVITATION_TTL_DAYS} days):\n\n${v.link}\n\nIf you did not expect this invitation, ignore this message.\n`,
  };
}

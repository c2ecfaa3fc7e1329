import { z } from 'zod';
import type { TDeps } from '../../../deps.ts';
import { AppError, errors } from '../../../errors.ts';
import type { IdeaIssueLink, IssueTrackerConnection } from '../../../generated/prisma/client.ts';
import { messages, parseInput, requiredOr } from '../../../validation.ts';
import type { TViewer } from '../../../viewer.ts';
import { isTeamMember, requireViewer, requireWriter } from '../../../viewer.ts';
import { findIdeaForMember } from '../../access.ts';
import type { TTrackerIssue } from './tracker-clients.ts';
import { createTrackerIssue, readTrackerIssue } from './tracker-clients.ts';
import { VENDOR, trackerFailure, trackerTarget } from './tracker-connections.ts';
import type { TTrackerKind } from './tracker-connections.ts';

/** An idea of the caller's company that its team may link (members of the team; not end users). */
async function findIdeaForTeam(deps: TDeps, viewer: TViewer | null, ideaId: number) {
  const found = await findIdeaForMember(deps, viewer, ideaId);
  if (!isTeamMember(found.viewer)) throw errors.forbidden();
  requireWriter(found.viewer);
  return found.idea;
}

/** The issue's links of an idea, oldest first (the team's; the resolver checks who asks). */
export function listIdeaIssueLinks(deps: TDeps, ideaId: number): Promise<IdeaIssueLink[]> {
  return deps.prisma.ideaIssueLink.findMany({
    where: { ideaId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** What the new issue says: the idea's description, its votes and a link back to it. */
export function issueBody(
  deps: TDeps,
  idea: { id: number; boardId: number; description: string | null; voteCount: number },
): string {
  const link = `${deps.config.appUrl}/admin/boards/${idea.boardId}/ideas/${idea.id}`;
  const votes = idea.voteCount === 1 ? '1 vote' : `${idea.voteCount} votes`;
  return [idea.description?.trim() || '', '---', `${votes} on Feedboard: ${link}`]
    .filter(Boolean)
    .join('\n\n');
}

async function saveLink(
  deps: TDeps,
  ideaId: number,
  connection: IssueTrackerConnection,
  issue: TTrackerIssue,
  field: string,
): Promise<IdeaIssueLink> {
  const existing = await deps.prisma.ideaIssueLink.findUnique({
    where: {
      connectionId_externalId: { connectionId: connection.id, externalId: issue.externalId },
    },
  });
  if (existing && existing.ideaId !== ideaId) {
    throw new AppError('CONFLICT', 'This issue is already linked to another idea.', [
      {
        field,
        message: `${issue.identifier} is already linked to another idea: unlink it there first.`,
      },
    ]);
  }
  const data = {
    identifier: issue.identifier,
    url: issue.url,
    title: issue.title,
    state: issue.state,
  };
  return existing
    ? deps.prisma.ideaIssueLink.update({ where: { id: existing.id }, data })
    : deps.prisma.ideaIssueLink.create({
        data: {
          ideaId,
          connectionId: connection.id,
          provider: connection.kind,
          externalId: issue.externalId,
          ...data,
        },
      });
}

/**
 * Creates a GitHub or Linear issue from an idea (its title; its description, vote count and a
 * link back as the body) and links it. The company's team only; another company's idea is not
 * found; a tracker not connected and the tracker's refusals are field errors on `kind`.
 */
export async function createIdeaIssue(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  kind: TTrackerKind,
): Promise<IdeaIssueLink> {
  const idea = await findIdeaForTeam(deps, viewer, ideaId);
  const connection = await deps.prisma.issueTrackerConnection.findFirst({
    where: { companyId: idea.board.companyId, kind },
  });
  if (!connection) {
    throw errors.validation([
      {
        field: 'kind',
        message: `${VENDOR[kind]} is not connected: an admin connects it in Integrations first.`,
      },
    ]);
  }
  const issue = await createTrackerIssue(deps, trackerTarget(deps, connection), {
    title: idea.title,
    body: issueBody(deps, idea),
  }).catch((error) =>
    trackerFailure(error, {
      tokenField: 'kind',
      targetField: 'kind',
      notFound:
        kind === 'GITHUB'
          ? 'GitHub has no such repository any more, or the token cannot see it (404): check the connection in Integrations.'
          : 'Linear has no such team any more, or the key cannot see it: check the connection in Integrations.',
    }),
  );
  return saveLink(deps, idea.id, connection, issue, 'kind');
}

const ZIssueUrl = z.object({
  url: z
    .string({ error: requiredOr('It has to be text.') })
    .trim()
    .min(1, { error: messages.required })
    .max(2000, { error: messages.max(2000) }),
});

const BAD_URL =
  'Paste the address of a GitHub issue (https://github.com/owner/repo/issues/12) or a Linear issue (https://linear.app/team/issue/ENG-12).';

/** What an issue's address names: a GitHub repository's issue number, or a Linear identifier. */
export function parseIssueUrl(
  raw: string,
):
  | { kind: 'GITHUB'; owner: string; repo: string; number: string }
  | { kind: 'LINEAR'; identifier: string }
  | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const github = /^\/([\w.-]+)\/([\w.-]+)\/issues\/(\d{1,10})\/?$/.exec(url.pathname);
  if (github && url.hostname !== 'linear.app') {
    const [, owner = '', repo = '', number = ''] = github;
    return { kind: 'GITHUB', owner, repo, number };
  }
  const linear = /^\/[\w.-]+\/issue\/([A-Za-z][A-Za-z0-9]{0,9}-\d{1,10})(?:\/[^/]*)?\/?$/.exec(
    url.pathname,
  );
  if (linear) return { kind: 'LINEAR', identifier: linear[1]!.toUpperCase() };
  return null;
}

/**
 * Links an existing issue to an idea by its address: a GitHub issue of the connected repository
 * or a Linear issue the connected key can read. A bad address, a tracker that is not connected,
 * another repository or an issue that does not exist are field errors on `url`.
 */
export async function linkIdeaIssue(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<IdeaIssueLink> {
  const idea = await findIdeaForTeam(deps, viewer, ideaId);
  const { url } = parseInput(ZIssueUrl, input);
  const parsed = parseIssueUrl(url);
  if (!parsed) throw errors.validation([{ field: 'url', message: BAD_URL }]);
  const connection = await deps.prisma.issueTrackerConnection.findFirst({
    where: { companyId: idea.board.companyId, kind: parsed.kind },
  });
  if (!connection) {
    throw errors.validation([
      {
        field: 'url',
        message: `${VENDOR[parsed.kind]} is not connected: an admin connects it in Integrations first.`,
      },
    ]);
  }
  if (
    parsed.kind === 'GITHUB' &&
    (parsed.owner.toLowerCase() !== connection.repoOwner?.toLowerCase() ||
      parsed.repo.toLowerCase() !== connection.repoName?.toLowerCase())
  ) {
    throw errors.validation([
      {
        field: 'url',
        message: `This issue is not in ${connection.repoOwner}/${connection.repoName}, the connected repository.`,
      },
    ]);
  }
  const ref = parsed.kind === 'GITHUB' ? parsed.number : parsed.identifier;
  const issue = await readTrackerIssue(deps, trackerTarget(deps, connection), ref).catch((error) =>
    trackerFailure(error, {
      tokenField: 'url',
      targetField: 'url',
      notFound: `${VENDOR[parsed.kind]} has no such issue, or the connection cannot see it.`,
    }),
  );
  return saveLink(deps, idea.id, connection, issue, 'url');
}

/** Removes a link (the issue stays in the tracker). The team of the idea's company only. */
export async function unlinkIdeaIssue(
  deps: TDeps,
  viewer: TViewer | null,
  linkId: number,
): Promise<IdeaIssueLink> {
  const { companyId } = requireViewer(viewer);
  const link = await deps.prisma.ideaIssueLink.findFirst({
    where: { id: linkId, connection: { companyId } },
  });
  if (!link) throw errors.notFound('Issue link');
  await findIdeaForTeam(deps, viewer, link.ideaId);
  await deps.prisma.ideaIssueLink.delete({ where: { id: link.id } });
  return link;
}

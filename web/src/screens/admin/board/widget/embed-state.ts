import type { TSnippetKind } from './code-samples.ts';

/**
 * What an embedded board shows a visitor, from the board's access (api/src/services/access.ts):
 * PUBLIC, anyone reads it; PRIVATE_SSO, people the company's SSO signs in see it (and the
 * board's other grants), a visitor without a token is told to sign in on the company's site;
 * PRIVATE, nobody the SSO signs in is let in: an embedded visitor reads that the board is
 * private, with a Sign in button only where it lets in addresses (widget/src/PrivateBoard.tsx).
 */
export type TEmbedState = 'PUBLIC' | 'PRIVATE_SSO' | 'PRIVATE';

export function embedStateOf(board: {
  isPublic: boolean;
  ssoAccess: boolean | null | undefined;
}): TEmbedState {
  if (board.isPublic) return 'PUBLIC';
  return board.ssoAccess ? 'PRIVATE_SSO' : 'PRIVATE';
}

/**
 * The snippet the widget tab opens with: the one that works for the board as it is (no SSO for
 * a public board, SSO for a private one). A private board that lets in no SSO user opens on
 * the SSO snippet too, under the explanation that the board must first be made public or let
 * SSO users in.
 */
export function defaultSnippetOf(state: TEmbedState): TSnippetKind {
  return state === 'PUBLIC' ? 'public' : 'sso';
}

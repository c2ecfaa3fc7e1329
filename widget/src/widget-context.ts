import type { TApi, TBoard, TIdea } from './api.ts';
import type { TLiveCounts } from './App.tsx';
import type { TLocale, TTranslate } from './i18n.ts';

/** What every view of the widget uses. */
export type TWidget = {
  api: TApi;
  t: TTranslate;
  /** The language `t` speaks (the visitor's, else the board's): dates follow it. */
  locale: TLocale;
  board: TBoard;
  /** The Feedboard server's address (links in release notes resolve against it). */
  baseUrl: string;
  boardHash: string;
  canParticipate: boolean;
  /** The company's admins blocked the signed-in caller (so canParticipate is false). */
  isBlocked: boolean;
  live: TLiveCounts;
  /**
   * Opens the sign-in form (a signed-out visitor's vote asks for it, as Canny's does); undefined
   * where nobody can sign in by email here (signed in already, SSO only, an SSO token in use).
   */
  requestSignIn?: () => void;
  setLive: (update: (counts: TLiveCounts) => TLiveCounts) => void;
};

/** An idea with the latest live counts (and the caller's own vote) applied. */
export function withLive(widget: TWidget, idea: TIdea): TIdea {
  const counts = widget.live[idea.id];
  if (!counts) return idea;
  // A live change of status leaves the custom status the page was read with behind: the new
  // kind shows its own name until the next read.
  const isStatusChanged = counts.status !== undefined && counts.status !== idea.status;
  return { ...idea, ...counts, ...(isStatusChanged ? { customStatus: null } : {}) };
}

import { readableOn } from '../../../widget/src/contrast.ts';
import { STATUS_COLOURS } from '../../../widget/src/styles.ts';
import type {
  TPortal,
  TPortalBoard,
  TPortalCompany,
  TPortalIdea,
} from '../services/portal/find-portal.ts';
import { readableTextOn } from './html.ts';
import type { TOgCard } from './og-image.ts';
import { brandTheme, portalTheme } from './portal-pages.ts';
import type { TTheme } from './portal-pages.ts';
import type { TPortalSite } from './portal-paths.ts';
import type { TPortalTranslator } from './portal-texts.ts';

/**
 * What each portal page's preview image says (og-image.ts draws it): the same words and colours
 * as the page, in the visitor's language.
 */

function brand(site: TPortalSite, company: TPortalCompany, theme: TTheme) {
  const header = brandTheme(theme, company);
  return {
    companyName: company.name,
    accent: header.color.toLowerCase(),
    onAccent: readableTextOn(header.color, header.primaryText),
    site: `${new URL(site.origin).host}${site.root}`,
  };
}

/** The portal's home: the company, its promise, how many boards and ideas. */
export function homeCard(t: TPortalTranslator, site: TPortalSite, portal: TPortal): TOgCard {
  const ideas = portal.boards.reduce((sum, board) => sum + board.ideaCount, 0);
  return {
    ...brand(site, portal.company, portalTheme(portal)),
    kicker: t.t('boardsTitle'),
    title: t.t('boardsIntro', { company: portal.company.name }),
    facts: [t.t('ideaCount', { count: ideas })],
  };
}

/** A board: its name, its description, its number of ideas. */
export function boardCard(
  t: TPortalTranslator,
  site: TPortalSite,
  company: TPortalCompany,
  board: TPortalBoard,
): TOgCard {
  return {
    ...brand(site, company, { color: board.color, primaryText: board.themePrimaryText }),
    kicker: t.t('boardsTitle'),
    title: board.name,
    subtitle: board.description?.trim() || undefined,
    facts: [t.t('ideaCount', { count: board.ideaCount })],
  };
}

/** An idea: its board, its title, its status in the page's colours, its votes and comments. */
export function ideaCard(t: TPortalTranslator, site: TPortalSite, found: TPortalIdea): TOgCard {
  const { board, company, idea } = found;
  const custom = idea.customStatus;
  const [background, text] = STATUS_COLOURS[idea.status];
  const status = custom
    ? {
        label: custom.name,
        background: `#${custom.color}`,
        text: readableOn(`#${custom.color}`, '#ffffff'),
      }
    : { label: t.widget(`status.${idea.status}`), background, text };
  return {
    ...brand(site, company, { color: board.color, primaryText: board.themePrimaryText }),
    kicker: board.name,
    title: idea.title,
    status,
    facts: [t.t('votes', { count: idea.voteCount }), t.t('comments', { count: idea.commentCount })],
  };
}

import { DARK_BG, DARK_TEXT, legibleOn, mix } from './contrast.ts';
import { AVATAR_COLOURS } from './avatar-colour.ts';

/**
 * The widget's styles, adopted into its shadow root as a constructed stylesheet: the host
 * page's CSS cannot reach in, ours cannot leak out, and a strict CSP (no 'unsafe-inline'
 * styles) does not apply to constructed sheets. Theme colours arrive as custom properties.
 */
/**
 * Each status's colours (background, text), those of the console's status tags in its light
 * theme (web/src/style.css `.status--…`; status-vocabulary.test.ts compares them).
 */
export const STATUS_COLOURS = {
  NOT_PUBLIC: ['#eef1ee', '#56625a'],
  OPEN: ['#e8f0fd', '#1f5fbf'],
  REVIEW: ['#fff5dc', '#8a5a00'],
  PLANNED: ['#efe7fd', '#5b2fb0'],
  IN_PROGRESS: ['#e3f5f7', '#0d6672'],
  COMPLETE: ['#e9f9e5', '#23771a'],
  DECLINED: ['#fdecec', '#c0262d'],
} as const;

/**
 * The dark scheme's colours (the board's primary stays, as an accent legible on them); the
 * portal's pages use the same (api/src/portal/portal-pages.ts).
 */
export const DARK = {
  bg: DARK_BG,
  text: DARK_TEXT,
  muted: '#a6adb8',
  border: '#323741',
  fieldBorder: '#5a606b',
  surface: '#1e2128',
};

/** A status's colours on the dark scheme: its colour, lightened, on a tint of it. */
export function darkStatusColours(text: string): { background: string; text: string } {
  return {
    background: mix(text, DARK.bg, 0.22),
    text: legibleOn(mix(text, '#ffffff', 0.45), DARK.bg, 5),
  };
}

const statusRules = Object.entries(STATUS_COLOURS)
  .map(([status, [background, text]]) => {
    const name = status.toLowerCase();
    const dark = darkStatusColours(text);
    return `.fb .badge.status-${name} { background: ${background}; color: ${text}; }
.fb .dot.status-${name} { background: ${text}; }
.DARK .badge.status-${name} { background: ${dark.background}; color: ${dark.text}; }
.DARK .dot.status-${name} { background: ${dark.text}; }`;
  })
  .join('\n');

/** The custom properties of the dark scheme. */
const darkProperties = `--fb-bg: ${DARK.bg}; --fb-text: ${DARK.text}; --fb-muted: ${DARK.muted};
  --fb-border: ${DARK.border}; --fb-field-border: ${DARK.fieldBorder}; --fb-surface: ${DARK.surface};
  --fb-accent: var(--fb-dark-accent, #7fd66f); color-scheme: dark;`;

const avatarRules = AVATAR_COLOURS.map(
  (colour, index) => `.fb .avatar.c${index} { background: ${colour}; }`,
).join('\n');

const darkRules = `.DARK { ${darkProperties} }
.DARK .field-error { color: #ff9d9d; }
.DARK .notice.error { background: #3a1d1f; color: #ffb4b4; }
.DARK .notice.ok { background: #1b3320; color: #a7e3a0; }
.DARK.changelog a { color: #9cc0ff; }
${statusRules
  .split('\n')
  .filter((line) => line.startsWith('.DARK'))
  .join('\n')}`;

/**
 * The dark scheme: the embed element's data-theme="dark", or the visitor's system preference
 * unless the element says data-theme="light".
 */
const darkScheme = `${darkRules.replaceAll('.DARK', ':host([data-theme="dark"]) .fb')}
@media (prefers-color-scheme: dark) {
${darkRules.replaceAll('.DARK', ':host(:not([data-theme="light"])) .fb')}
}`;

export const CSS = `
:host { all: initial; display: block; container: fb / inline-size; }
.fb { --fb-primary: #53d23d; --fb-on-primary: #000;
  --fb-bg: var(--fb-theme-bg, #fff); --fb-text: var(--fb-theme-text, #111);
  --fb-muted: var(--fb-theme-muted, #575d66); --fb-border: var(--fb-theme-border, #e1e4e8);
  --fb-field-border: var(--fb-theme-field-border, #a5aab2);
  --fb-surface: var(--fb-theme-surface, #f6f7f8); --fb-accent: var(--fb-theme-accent, #2a7a1c);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fb-text);
  background: var(--fb-bg); border: 1px solid var(--fb-border); border-radius: 12px; padding: 20px;
  max-width: 760px; box-sizing: border-box; -webkit-font-smoothing: antialiased; }
.fb *, .fb *::before, .fb *::after { box-sizing: border-box; }
.fb h1, .fb:not(.portal) h2 { font-size: 19px; line-height: 1.3; margin: 0 0 2px; letter-spacing: -.01em; }
.fb:not(.portal) h3, .fb.portal h2 { font-size: 16px; line-height: 1.35; margin: 0 0 8px; }
.fb p { margin: 0 0 8px; }
.fb svg { flex: none; }
.fb button, .fb select, .fb input, .fb textarea { font: inherit; color: inherit; }
.fb button { cursor: pointer; border-radius: 8px; border: 1px solid var(--fb-field-border);
  background: var(--fb-bg); color: var(--fb-text); padding: 6px 12px; font-weight: 500;
}
.fb button:hover:not(:disabled) { border-color: var(--fb-text); }
.fb button:disabled { cursor: not-allowed; opacity: .6; }
/* The keyboard's focus (issue 65): a double ring, a 2px band of the background next to the
   element and a 2px ring of the text colour around it, so one of the two reads at 3:1 or more on
   any element (the primary colour, a field) and the ring reads on the page, in either scheme. */
.fb :focus-visible { outline: 2px solid var(--fb-text); outline-offset: 2px;
  box-shadow: 0 0 0 2px var(--fb-bg); }
.fb .primary { background: var(--fb-primary); color: var(--fb-on-primary);
  border-color: var(--fb-primary); font-weight: 600; }
.fb .primary:hover:not(:disabled) { border-color: var(--fb-primary); filter: brightness(.95); }
.fb .link { background: none; border: none; padding: 0; color: inherit; text-align: left;
  text-decoration: underline; text-underline-offset: 2px; border-radius: 2px; }
.fb .link:hover:not(:disabled) { text-decoration-thickness: 2px; }
.fb .link.action { color: var(--fb-muted); text-decoration: none; font-size: 13px; font-weight: 500;
  display: inline-flex; align-items: center; gap: 2px; }
.fb .link.action:hover, .fb .link.action:focus-visible { color: var(--fb-text);
  text-decoration: underline; }
.fb .me { display: inline-flex; align-items: center; gap: 8px; }
.fb .me .avatar { width: 22px; height: 22px; font-size: 10px; }
.fb .title { font-weight: 600; font-size: 15px; line-height: 1.35; text-decoration: none;
  overflow-wrap: anywhere; }
.fb .title:hover, .fb .title:focus-visible { text-decoration: underline; }
.fb header { display: flex; justify-content: space-between; align-items: flex-start; gap: 8px;
  flex-wrap: wrap; margin-bottom: 12px; }
.fb .muted { color: var(--fb-muted); font-size: 13px; }
.fb nav { display: flex; gap: 4px; border-bottom: 1px solid var(--fb-border); margin-bottom: 14px;
  overflow-x: auto; }
.fb nav button { border: none; border-bottom: 2px solid transparent; border-radius: 0;
  background: none; padding: 8px 10px; color: var(--fb-muted); }
.fb nav button:hover:not(:disabled) { color: var(--fb-text); border-color: transparent; }
.fb nav button:focus-visible { outline-offset: -2px; box-shadow: none; }
.fb nav button[aria-current="page"], .fb nav button[aria-current="page"]:hover:not(:disabled) {
  border-bottom-color: var(--fb-accent); color: var(--fb-text);
  font-weight: 600; }
.fb .bar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin-bottom: 12px; }
.fb .bar label { display: flex; gap: 6px; align-items: center; }
.fb .bar > .primary { flex: 1 0 auto; max-width: 100%; white-space: nowrap; }
.fb .bar > .grow + .primary { flex-grow: 0; }
.fb .bar .grow { flex: 1; min-width: 160px; position: relative; }
.fb .bar .grow input { flex: 1; min-width: 0; padding-left: 30px; }
.fb .bar .grow svg { position: absolute; left: 9px; top: 50%; transform: translateY(-50%);
  color: var(--fb-muted); pointer-events: none; }
.fb select, .fb input, .fb textarea { border: 1px solid var(--fb-field-border); border-radius: 8px;
  padding: 6px 10px; background: var(--fb-bg); color: var(--fb-text); min-height: 34px; }
.fb textarea { min-height: 80px; resize: vertical; }
.fb .select { position: relative; display: inline-flex; align-items: center; }
.fb .select select { appearance: none; -webkit-appearance: none; padding-right: 28px; }
.fb .select svg { position: absolute; right: 9px; pointer-events: none; color: var(--fb-muted); }
.fb ul { list-style: none; margin: 0; padding: 0; }
.fb .menu { position: relative; }
.fb .menu-button { display: inline-flex; align-items: center; gap: 6px; min-height: 34px; }
.fb .menu-button .menu-label { color: var(--fb-muted); font-weight: 400; }
.fb .menu-button svg { color: var(--fb-muted); }
.fb [role="menu"] { position: absolute; z-index: 10; top: calc(100% + 4px); left: 0;
  min-width: 100%; width: max-content; max-width: min(280px, 90cqw); padding: 4px;
  background: var(--fb-bg); border: 1px solid var(--fb-border); border-radius: 10px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, .16); }
.fb [role="menuitemradio"] { display: flex; align-items: center; gap: 8px; padding: 7px 10px;
  border-radius: 6px; cursor: pointer; white-space: nowrap; }
.fb [role="menuitemradio"]:hover, .fb [role="menuitemradio"]:focus { background: var(--fb-surface);
  outline: none; }
.fb [role="menuitemradio"]:focus-visible { outline-offset: -2px;
  box-shadow: inset 0 0 0 4px var(--fb-bg); }
.fb [role="menuitemradio"] .check { width: 16px; color: var(--fb-accent); }
.fb [role="menuitemradio"][aria-checked="true"] { font-weight: 600; }
.fb .similar { border: 1px solid var(--fb-border); border-radius: 8px; padding: 10px; margin-bottom: 8px; }
.fb .similar-item { display: flex; align-items: center; gap: 8px; margin-top: 6px; }
.fb .card { display: flex; gap: 14px; align-items: flex-start; padding: 14px 4px;
  border-bottom: 1px solid var(--fb-border); }
.fb li.card:last-child { border-bottom: none; }
.fb .vote { width: 52px; min-height: 56px; flex: none; display: flex; flex-direction: column;
  align-items: center; justify-content: center; gap: 0; padding: 6px 4px; line-height: 1.1;
  border: 1px solid var(--fb-border); border-radius: 10px; background: var(--fb-bg); }
.fb .vote:hover:not(:disabled) { border-color: var(--fb-accent); color: var(--fb-accent); }
.fb .vote[aria-pressed="true"] { background: var(--fb-primary); color: var(--fb-on-primary);
  border-color: var(--fb-primary); }
.fb .vote[aria-pressed="true"]:hover:not(:disabled) { color: var(--fb-on-primary); }
.fb .vote .count { font-weight: 700; font-size: 15px; font-variant-numeric: tabular-nums; }
.fb .body { flex: 1; min-width: 0; }
.fb .excerpt { color: var(--fb-muted); margin: 2px 0 6px; overflow: hidden; display: -webkit-box;
  -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow-wrap: anywhere; }
.fb .meta { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; margin-top: 4px; }
.fb .stat { display: inline-flex; align-items: center; gap: 4px; }
.fb .badge { display: inline-flex; align-items: center; gap: 5px; font-size: 12px; font-weight: 600;
  line-height: 1.5; padding: 1px 8px; border-radius: 999px; background: var(--fb-surface);
  color: var(--fb-text); white-space: nowrap; }
.fb .badge.custom::before { content: ""; width: 6px; height: 6px; border-radius: 50%;
  background: currentColor; }
.fb .badge.team { background: var(--fb-primary); color: var(--fb-on-primary); font-size: 11px;
  padding: 0 7px; text-transform: uppercase; letter-spacing: .04em; }
.fb .pending { border: 1px solid var(--fb-border); border-radius: 10px; padding: 12px;
  margin-bottom: 12px; background: var(--fb-surface); }
.fb .pending li { padding: 4px 0; }
.fb .pending .muted { margin: 0 0 6px; }
.fb .notice { border-radius: 8px; padding: 8px 12px; margin-bottom: 12px; background: var(--fb-surface); }
.fb .notice.error { background: #fdecec; color: #8a1c1c; }
.fb .notice.ok { background: #e9f7e6; color: #1f5a14; }
.fb form { display: grid; gap: 10px; margin: 8px 0 12px; }
.fb form label { display: grid; gap: 4px; font-weight: 500; }
.fb .field-error { color: #a12020; font-size: 13px; }
.fb form .forgot { justify-self: start; font-size: 13px; }
.fb .actions { display: flex; gap: 8px; flex-wrap: wrap; }
.fb .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; }
.fb .column { background: var(--fb-surface); border: 1px solid var(--fb-border); border-radius: 10px;
  padding: 10px; }
.fb:not(.portal) .column h3, .fb.portal .column h2 { font-size: 14px; display: flex; align-items: center; }
.fb .column li { background: var(--fb-bg); border: 1px solid var(--fb-border); border-radius: 8px;
  padding: 8px 10px; margin-bottom: 6px; overflow-wrap: anywhere; }
.fb .column li .link { text-decoration: none; font-weight: 600; }
.fb .column li .link:hover, .fb .column li .link:focus-visible { text-decoration: underline; }
.fb .column .meta { margin-top: 2px; }
.fb .comment { display: flex; gap: 10px; padding: 12px 0; border-bottom: 1px solid var(--fb-border);
  overflow-wrap: anywhere; }
.fb .comment > .comment-main { flex: 1; min-width: 0; }
.fb .comment-head { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 8px; }
.fb .comment-head .name { font-weight: 600; color: var(--fb-text); font-size: 14px; }
.fb .comment.by-team > .comment-main > .desc { border-left: 3px solid var(--fb-primary);
  padding-left: 10px; }
.fb .avatar { width: 32px; height: 32px; flex: none; border-radius: 50%; display: inline-flex;
  align-items: center; justify-content: center; color: #fff; font-size: 12px; font-weight: 700;
  object-fit: cover; letter-spacing: .02em; }
.fb .replies { margin: 8px 0 0; padding-left: 12px; border-left: 2px solid var(--fb-border); }
.fb .replies .comment { padding: 8px 0; }
.fb .replies .avatar { width: 26px; height: 26px; font-size: 11px; }
.fb .replies .comment:last-child { border-bottom: none; }
.fb .desc { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: 2px; }
.fb .detail-head { display: flex; gap: 14px; align-items: flex-start; margin: 10px 0 16px; }
.fb:not(.portal) .detail-head h3, .fb.portal .detail-head h2 { font-size: 18px; }
.fb .byline { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 10px; }
.fb .byline .avatar { width: 24px; height: 24px; font-size: 10px; }
.fb footer { margin-top: 14px; text-align: right; font-size: 12px; }
.fb .live { display: inline-flex; align-items: center; gap: 6px; }
.fb .prefs { flex-basis: 100%; min-width: 0; }
.fb .prefs summary { cursor: pointer; width: fit-content; border-radius: 4px; }
.fb .prefs summary:hover { color: var(--fb-text); text-decoration: underline; }
.fb .prefs-body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 4px; margin-top: 6px; }
.fb .prefs label { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.fb .prefs select { max-width: 100%; }
.fb .live::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #2e9d2a;
  box-shadow: 0 0 0 3px rgba(46, 157, 42, .2); }
.fb .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.fb.changelog .launcher { display: inline-flex; align-items: center; gap: 8px; font-weight: 600; }
.fb .new-count { background: #fff; color: #111; border-radius: 999px; padding: 0 8px;
  font-size: 12px; }
.fb .unread { display: inline-block; width: 8px; height: 8px; border-radius: 50%;
  background: #c0262d; margin-right: 6px; vertical-align: middle; }
.fb.changelog section { margin-top: 12px; }
.fb.changelog .comment { display: block; }
.fb.changelog a { color: #1f4f9c; }
.fb .labels { display: flex; gap: 4px; margin-bottom: 6px; }
.fb .label-new { background: #e3f5df; color: #1d5e16; }
.fb .label-improved { background: #e8f0fd; color: #1f4f9c; }
.fb .label-fixed { background: #fff1d6; color: #7a4d00; }
.fb .release-body { overflow-wrap: anywhere; margin: 6px 0; }
.fb .release-body ul { list-style: disc; padding-left: 20px; }
.fb .release-body ol { padding-left: 20px; }
.fb .release-body img { max-width: 100%; height: auto; }
.fb .release-item { flex: 1; min-width: 0; }
.fb .release-body--short { display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden; }
.fb .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px; }
.fb .badge .dot { margin: 0; width: 7px; height: 7px; }
${avatarRules}
${statusRules.replace(/^\.DARK .*$/gm, '').trim()}
${darkScheme}
@container fb (max-width: 360px) {
  .fb { padding: 12px; border-radius: 10px; font-size: 13px; }
  .fb h1, .fb:not(.portal) h2 { font-size: 17px; }
  .fb .bar .grow { flex-basis: 100%; order: -1; }
  .fb .bar > .grow + .primary { flex-grow: 1; }

  .fb .card { gap: 10px; padding: 12px 0; }
  .fb .vote { width: 42px; min-height: 48px; border-radius: 8px; }
  .fb .vote .count { font-size: 14px; }
  .fb .title { font-size: 14px; }
  .fb .excerpt { -webkit-line-clamp: 1; }
  .fb .avatar { width: 26px; height: 26px; font-size: 11px; }
  .fb .replies { padding-left: 8px; }
  .fb nav button { padding: 8px 6px; }
  .fb .columns { grid-template-columns: 1fr; }
}
`;

/** Puts the styles in a shadow root, as a constructed sheet where the browser has them. */
export function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = CSS;
    (root as ShadowRoot).appendChild(style);
  }
}

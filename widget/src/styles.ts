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

const statusRules = Object.entries(STATUS_COLOURS)
  .map(([status, [background, text]]) => {
    const name = status.toLowerCase();
    return `.fb .badge.status-${name} { background: ${background}; color: ${text}; }
.fb .dot.status-${name} { background: ${text}; }`;
  })
  .join('\n');

export const CSS = `
:host { all: initial; display: block; }
.fb { --fb-primary: #53d23d; --fb-on-primary: #fff; --fb-text: #111; --fb-bg: #fff;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fb-text);
  background: var(--fb-bg); border: 1px solid #d9dde3; border-radius: 10px; padding: 16px;
  max-width: 760px; box-sizing: border-box; }
.fb *, .fb *::before, .fb *::after { box-sizing: border-box; }
.fb h2 { font-size: 18px; margin: 0 0 4px; }
.fb h3 { font-size: 16px; margin: 0 0 8px; }
.fb p { margin: 0 0 8px; }
.fb button, .fb select, .fb input, .fb textarea { font: inherit; color: inherit; }
.fb button { cursor: pointer; border-radius: 6px; border: 1px solid #c5cbd3; background: #fff;
  color: #111; padding: 6px 12px; }
.fb button:disabled { cursor: not-allowed; opacity: .6; }
.fb button:focus-visible, .fb select:focus-visible, .fb input:focus-visible,
.fb textarea:focus-visible { outline: 2px solid var(--fb-primary); outline-offset: 2px; }
.fb .primary { background: var(--fb-primary); color: var(--fb-on-primary); border-color: transparent; }
.fb .link { background: none; border: none; padding: 0; text-decoration: underline; color: inherit;
  text-align: left; }
.fb header { display: flex; justify-content: space-between; align-items: baseline; gap: 8px;
  flex-wrap: wrap; margin-bottom: 12px; }
.fb .muted { color: #555; font-size: 13px; }
.fb nav { display: flex; gap: 4px; border-bottom: 1px solid #e3e6ea; margin-bottom: 12px; }
.fb nav button { border: none; border-bottom: 3px solid transparent; border-radius: 0;
  background: none; padding: 8px 10px; }
.fb nav button[aria-current="page"] { border-bottom-color: var(--fb-primary); font-weight: 600; }
.fb .bar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin-bottom: 12px; }
.fb .bar label { display: flex; gap: 4px; align-items: center; }
.fb .bar .grow { flex: 1; min-width: 140px; }
.fb .bar .grow input { flex: 1; min-width: 0; }
.fb select, .fb input, .fb textarea { border: 1px solid #c5cbd3; border-radius: 6px; padding: 6px 8px;
  background: #fff; color: #111; }
.fb ul { list-style: none; margin: 0; padding: 0; }
.fb .similar { border: 1px solid #e3e6ea; border-radius: 6px; padding: 8px; margin-bottom: 8px; }
.fb .similar-item { display: flex; align-items: center; gap: 8px; margin-top: 6px; }
.fb .card { display: flex; gap: 12px; align-items: flex-start; padding: 10px 0;
  border-bottom: 1px solid #eef0f3; }
.fb .vote { min-width: 56px; display: flex; flex-direction: column; align-items: center;
  padding: 4px 8px; line-height: 1.2; }
.fb .vote[aria-pressed="true"] { background: var(--fb-primary); color: var(--fb-on-primary);
  border-color: transparent; }
.fb .vote .count { font-weight: 700; font-size: 16px; }
.fb .body { flex: 1; min-width: 0; }
.fb .title { font-weight: 600; text-align: left; overflow-wrap: anywhere; }
.fb .badge { display: inline-block; font-size: 12px; padding: 1px 8px; border-radius: 999px;
  background: #eef0f3; color: #333; margin-right: 8px; }
.fb .pending { border: 1px solid #e3e6ea; border-radius: 6px; padding: 10px; margin-bottom: 12px; }
.fb .pending li { padding: 4px 0; }
.fb .pending .muted { margin: 0 0 6px; }
.fb .notice { border-radius: 6px; padding: 8px 10px; margin-bottom: 12px; background: #f3f6f9; }
.fb .notice.error { background: #fdecec; color: #8a1c1c; }
.fb .notice.ok { background: #e9f7e6; color: #1f5a14; }
.fb form { display: grid; gap: 8px; margin: 8px 0 12px; }
.fb form label { display: grid; gap: 4px; }
.fb .field-error { color: #a12020; font-size: 13px; }
.fb form .forgot { justify-self: start; font-size: 13px; }
.fb .actions { display: flex; gap: 8px; }
.fb .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; }
.fb .column { background: #f6f7f9; border-radius: 8px; padding: 8px; }
.fb .column li { background: #fff; border-radius: 6px; padding: 6px 8px; margin-bottom: 6px;
  overflow-wrap: anywhere; }
.fb .comment { padding: 8px 0; border-bottom: 1px solid #eef0f3; overflow-wrap: anywhere; }
.fb .replies { margin: 6px 0 0 16px; padding-left: 10px; border-left: 2px solid #eef0f3; }
.fb .replies .comment:last-child { border-bottom: none; }
.fb .desc { white-space: pre-wrap; overflow-wrap: anywhere; }
.fb footer { margin-top: 12px; text-align: right; }
.fb .live { display: inline-flex; align-items: center; gap: 4px; }
.fb .prefs { flex-basis: 100%; min-width: 0; }
.fb .prefs summary { cursor: pointer; text-decoration: underline; width: fit-content; }
.fb .prefs-body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 4px; margin-top: 6px; }
.fb .prefs label { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.fb .prefs select { max-width: 100%; }
.fb .live::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #2e9d2a; }
.fb .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.fb.changelog .launcher { display: inline-flex; align-items: center; gap: 8px; font-weight: 600; }
.fb .new-count { background: #fff; color: #111; border-radius: 999px; padding: 0 8px;
  font-size: 12px; }
.fb .unread { display: inline-block; width: 8px; height: 8px; border-radius: 50%;
  background: #c0262d; margin-right: 6px; vertical-align: middle; }
.fb.changelog section { margin-top: 12px; }
.fb.changelog a { color: #1f4f9c; }
.fb .labels { display: flex; gap: 4px; margin-bottom: 6px; }
.fb .label-new { background: #e3f5df; color: #1d5e16; }
.fb .label-improved { background: #e8f0fd; color: #1f4f9c; }
.fb .label-fixed { background: #fff1d6; color: #7a4d00; }
.fb .release-body { overflow-wrap: anywhere; margin: 6px 0; }
.fb .release-body ul { list-style: disc; padding-left: 20px; }
.fb .release-body ol { padding-left: 20px; }
.fb .release-body img { max-width: 100%; height: auto; }
.fb .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px; }
${statusRules}
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

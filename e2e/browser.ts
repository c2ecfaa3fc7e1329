import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * True when browser tests can run. Without Chromium they are skipped locally; with CI=true a
 * missing Chromium fails the run instead (the CI script installs it).
 */
export function hasChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  return false;
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

type TAxeViolation = { id: string; impact: string | null; help: string; nodes: unknown[] };

/**
 * Waits for every finite animation and transition to end. Spinners run forever and are left
 * alone; one cancelled meanwhile (an element removed) is no failure.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Every axe violation on the page, whatever its impact (the portal holds to all of them). */
export async function allAxeViolations(page: Page): Promise<TAxeViolation[]> {
  const require = createRequire(import.meta.url);
  // A toast fading in is half transparent for a quarter second, and axe would measure its
  // contrast mid-fade.
  await settleAnimations(page);
  // Evaluated over the DevTools protocol, not as a <script> tag: the console's CSP allows no
  // inline script, and the test must not loosen it.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: TAxeViolation[] }> } }
    ).axe;
    return (await axe.run()).violations;
  });
}

/** Runs axe-core in the page; answers the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<TAxeViolation[]> {
  const violations = await allAxeViolations(page);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

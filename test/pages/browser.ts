/**
 * Browser-test plumbing: Debian's Chromium driven by playwright-core, on a server started by the test.
 * Without Chromium the browser suites are skipped locally but FAIL when CI=true (.ci/run installs it).
 * Each page records console errors, page errors and every request to another origin; axe-core is
 * evaluated in the page (no inline <script>, so the page's CSP stays in force).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { pagesStaleReason } from '../../build/tools/ensure.ts';
import { buildPages } from '../../build/tools/pages.ts';
import { ROOT, useServer, type TestServer } from '../http/helpers.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long to wait for the page to show an answer (a loaded 2-core CI machine; not a timing assertion). */
export const WAIT = { timeout: 20_000 } as const;
/** Per-test budget of a browser test (several page interactions, axe, a screenshot). */
export const BROWSER_TEST_TIMEOUT = 120_000;
/** Screenshots land here (gitignored). */
export const OUTPUT_DIR = join(ROOT, 'test-output');

const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  // Without these Chromium keeps calling Google services, which floods a closed network.
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Builds dist/pages/ when missing or stale (as `tsx build/ensure.ts` does). */
export async function ensurePages(): Promise<void> {
  if (pagesStaleReason(ROOT) !== null) await buildPages(ROOT);
}

export interface BrowserSuite {
  readonly t: TestServer;
  /** A fresh page that records problems; see `watch`. */
  open(path: string): Promise<WatchedPage>;
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  /** URLs requested from any origin other than the server's. */
  foreign: string[];
}

/**
 * `describe` for browser tests: starts the API (real dataset and pages) and one Chromium for the suite.
 * Skips when Chromium is missing, unless CI=true: then a failing test says why.
 */
export function describeBrowser(name: string, body: (s: BrowserSuite) => void): void {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === 'true') {
      describe(name, () => {
        it('needs Chromium', () => {
          throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium; .ci/run does) or set CHROMIUM_PATH`);
        });
      });
    } else describe.skip(`${name} (Chromium not found at ${CHROMIUM})`, () => body({} as BrowserSuite));
    return;
  }
  describe(name, () => {
    let context: BrowserContext;
    let profile: string;
    beforeAll(async () => {
      await ensurePages();
      profile = mkdtempSync(join(tmpdir(), 'campus-chromium-'));
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM, args: ARGS, headless: true, viewport: { width: 1280, height: 900 },
      });
    });
    const t = useServer();
    afterAll(async () => {
      await context?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });
    body({
      t,
      async open(path) {
        const page = await context.newPage();
        const errors: string[] = [];
        const foreign: string[] = [];
        const origin = new URL(t.base).origin;
        page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
        page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
        page.on('request', (r) => {
          const url = r.url();
          if (!url.startsWith('data:') && new URL(url).origin !== origin) foreign.push(url);
        });
        await page.goto(t.base + path);
        return { page, errors, foreign };
      },
    });
  });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's WCAG 2.x A/AA rules on the page as it settles; returns the serious and critical violations.
 * Running CSS transitions and animations are awaited first: mid-fade colours (Swagger UI's buttons fade over
 * 0.3 s after a click) are not what a person reads, and sampling them made the check depend on machine load.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const path = join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

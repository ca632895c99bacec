/**
 * GET /explore in Chromium, checked against the API's own answers: UTM picked, two buildings chosen by
 * keyboard from the `q` search, the routed result, step-free "unavailable" with its reason, a gap plan;
 * a drawn route line with exactly the geometry's points; places' availability in words; axe-core clean.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { call, postJson } from '../http/helpers.ts';
import { BROWSER_TEST_TIMEOUT, describeBrowser, screenshot, seriousViolations, WAIT } from './browser.ts';

const text = (page: Page, selector: string) => page.locator(selector).first().textContent().then((s) => s?.trim() ?? '');
/** Vertices of the drawn route (Leaflet writes one M/L command per point; smoothing and clipping are off). */
const drawnPoints = (page: Page) =>
  page.$$eval('path.route-line', (paths) => paths.reduce((n, p) => n + (p.getAttribute('d')?.match(/[ML]/g)?.length ?? 0), 0));

async function loaded(page: Page, campusName: string): Promise<void> {
  await expect.poll(() => text(page, '#status'), WAIT).toBe(`${campusName} loaded.`);
}

/** Types `q`, submits with Enter, then tabs to the result's button and presses it: the keyboard path. */
async function pickByKeyboard(page: Page, q: string, label: string): Promise<void> {
  await page.focus('#q');
  await page.fill('#q', '');
  await page.keyboard.type(q);
  await page.keyboard.press('Enter');
  const button = page.locator(`button[aria-label="${label}"]`);
  await button.waitFor();
  for (let i = 0; i < 30 && !(await button.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
}

describeBrowser('GET /explore (browser)', ({ t, open }) => {
  it('UTM: route between two searched buildings, step-free unavailable with its reason, a gap plan, places', async () => {
    const route = (mode: string) => postJson(t.base, '/v1/routes', { from: 'CCT', to: 'AX', university: 'uoft', campus: 'utm', preferences: { mode }, geometry: true });
    const fastest = (await route('fastest')).body.data;
    const stepFree = (await route('step-free')).body.data;
    expect(fastest.status).toBe('routed');
    expect(stepFree.status).toBe('unavailable');

    const { page, errors, foreign } = await open('/explore');
    await page.locator('#university:enabled').waitFor();
    await page.selectOption('#university', 'uoft');
    await page.selectOption('#campus', 'utm');
    await loaded(page, 'University of Toronto Mississauga');
    expect(await text(page, '.leaflet-control-attribution')).toContain('OpenStreetMap contributors');

    await pickByKeyboard(page, 'cct', 'Use CCT as From');
    await pickByKeyboard(page, 'academic annex', 'Use AX as To');
    expect(await page.inputValue('#from')).toBe('CCT');
    expect(await page.inputValue('#to')).toBe('AX');

    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('routed');
    expect(await text(page, '[data-field="accuracy"]')).toBe(fastest.accuracy);
    expect(await text(page, '[data-field="verification"]')).toBe(fastest.routeVerification);
    expect(await page.locator('[data-field="warnings"] li').allTextContents()).toEqual(fastest.warnings);
    // The drawn line has the geometry's points (UTM's routes carry geometry since its node coordinates
    // were imported).
    expect(await drawnPoints(page)).toBe(fastest.geometry?.coordinates.length ?? 0);

    await page.check('input[name="mode"][value="step-free"]');
    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('unavailable');
    expect(await text(page, '.route h4')).toBe('Reason');
    expect(await page.locator('[data-field="warnings"] li').allTextContents()).toEqual(stepFree.warnings);
    expect(stepFree.warnings.join(' ')).toMatch(/step-free/i);
    expect(await drawnPoints(page)).toBe(0);

    await page.check('input[name="mode"][value="fastest"]');
    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('routed');
    const gap = { from: 'CCT', to: 'AX', university: 'uoft', campus: 'utm', term: 'Fall', weekday: 'Tuesday', startTime: 630, endTime: 780, routePreferences: { mode: 'fastest' } };
    const plan = (await postJson(t.base, '/v1/gaps/plan', gap)).body.data;
    await page.selectOption('#weekday', 'Tuesday');
    await page.fill('#start', '10:30');
    await page.fill('#end', '13:00');
    await page.click('#gap-form button[type="submit"]');
    const primary = page.locator('[data-testid="gap-primary"]');
    await expect.poll(() => primary.getAttribute('data-action'), WAIT).toBe(plan.assessment.primary.action);
    expect(await text(page, '[data-testid="gap-primary"] h3')).toBe(`Suggested: ${plan.assessment.primary.title}`);
    expect(await primary.locator('.timeline-bar .seg:not(.seg-rest)').count()).toBe(plan.assessment.primary.timeline.filter((s: { minutes: number }) => s.minutes > 0).length);

    const places = (await call(t.base, '/v1/places?campus=utm&limit=100')).body.data as { availability: string }[];
    const shown = await page.$$eval('.places li', (lis) => lis.map((li) => [li.getAttribute('data-availability'), li.querySelector('.badge')?.textContent ?? '']));
    expect(shown.map(([a]) => a)).toEqual(places.map((p) => p.availability));
    for (const [availability, badge] of shown) if (availability === 'unknown') expect(badge).toMatch(/^Unknown/);

    await screenshot(page, 'explore-utm');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('TMU: the walking graph is drawn and a routed path is drawn with exactly its geometry\'s points', async () => {
    const api = (await postJson(t.base, '/v1/routes', { from: 'ARC', to: 'LIB', university: 'tmu', campus: 'tmu', geometry: true })).body.data;
    expect(api.status).toBe('routed');
    expect(api.geometry.coordinates.length).toBeGreaterThan(2);
    const map = (await call(t.base, '/v1/campuses/tmu/map')).body;
    const edges = map.features.filter((f: { geometry: { type: string } | null }) => f.geometry?.type === 'LineString').length;

    const { page, errors, foreign } = await open('/explore#campus=tmu');
    await loaded(page, (await call(t.base, '/v1/campuses/tmu')).body.data.name);
    expect(await page.inputValue('#university')).toBe('tmu');
    expect(await text(page, '#map-summary')).toContain(`${edges} walking-path segments`);
    await page.selectOption('#from', 'ARC');
    await page.selectOption('#to', 'LIB');
    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('routed');
    await expect.poll(() => drawnPoints(page), WAIT).toBe(api.geometry.coordinates.length);
    expect(await text(page, '[data-field="path"]')).toContain(`${api.geometry.coordinates.length} points`);
    expect(new URL(page.url()).hash).toBe('#campus=tmu&from=ARC&to=LIB');

    await screenshot(page, 'explore');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);
});

/**
 * GET /explore in Chromium, checked against the API's own answers: UTM picked, two buildings chosen by
 * keyboard from the `q` search, the routed result, step-free "unavailable" with its reason, a gap plan in
 * plain words; a drawn route line with exactly the geometry's points and dotted links to the chosen buildings;
 * places' availability in words; the credit from each campus map's own members; the whole campus in view with
 * no marker under a control; entrances grouped when zoomed out and building codes when zoomed in; a link to
 * an unknown campus or building explained and kept; footprints drawn when a map has them; axe-core clean.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { call, postJson } from '../http/helpers.ts';
import { BROWSER_TEST_TIMEOUT, describeBrowser, screenshot, seriousViolations, WAIT } from './browser.ts';

const text = (page: Page, selector: string) => page.locator(selector).first().textContent().then((s) => s?.trim() ?? '');
/** Vertices of the drawn route (Leaflet writes one M/L command per point; smoothing and clipping are off). */
const drawnPoints = (page: Page) =>
  page.$$eval('path.route-line', (paths) => paths.reduce((n, p) => n + (p.getAttribute('d')?.match(/[ML]/g)?.length ?? 0), 0));

/** Whether an element of the panel is (partly) inside the panel's visible area. */
const inView = (page: Page, selector: string) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  const box = el.closest('.panel')!.getBoundingClientRect();
  return r.height > 0 && r.top < box.bottom && r.bottom > box.top;
});

/**
 * The map's markers (buildings, entrances drawn singly, entrance groups) that overlap one of its controls, and
 * the drawn markers and walking-path segments that lie outside the map's box (Leaflet leaves `d` empty for what
 * it does not draw, so an empty path counts as outside).
 */
function mapLayout(page: Page) {
  return page.evaluate(() => {
    const map = document.getElementById('map')!.getBoundingClientRect();
    const controls = [...document.querySelectorAll('#map .leaflet-control')].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const markers = [...document.querySelectorAll('#map path.building-point, #map path.entrance-point, #map .door-group')];
    const drawn = [...markers, ...document.querySelectorAll('#map path.walk-edge')];
    const outside = drawn.filter((el) => {
      const r = el.getBoundingClientRect();
      return (el instanceof SVGPathElement && !el.getAttribute('d')) || r.left < map.left - 1 || r.right > map.right + 1 || r.top < map.top - 1 || r.bottom > map.bottom + 1;
    });
    return {
      markers: markers.length,
      edges: document.querySelectorAll('#map path.walk-edge').length,
      underControls: markers.filter((m) => controls.some((c) => hit(m.getBoundingClientRect(), c))).map((m) => m.outerHTML.slice(0, 120)),
      outside: outside.length,
    };
  });
}

/** The served map's credit, as the explorer writes it: attribution — licence (its own members). */
async function creditOf(base: string, campus: string): Promise<{ attribution: string; license: string; features: { properties: Record<string, unknown>; geometry: { type: string; coordinates: number[] } | null }[] }> {
  return (await call(base, `/v1/campuses/${campus}/map`)).body;
}

/** Waits until the map has finished zooming and every transition has ended (for a screenshot of the final state). */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#map.leaflet-zoom-anim').count(), WAIT).toBe(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

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
    await expect.poll(() => inView(page, '#route-result .route'), WAIT).toBe(true);
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
    const steps = plan.assessment.primary.timeline.filter((s: { minutes: number }) => s.minutes > 0);
    expect(await primary.locator('.timeline-bar .seg:not(.seg-rest)').count()).toBe(steps.length);
    // The timeline's words are in its legend, one line per step with its clock times (never clipped in the bar).
    const legend = await primary.locator('.timeline-list li').allTextContents();
    expect(legend.slice(0, steps.length).map((l) => l.replace(/^\d\d:\d\d–\d\d:\d\d /, ''))).toEqual(steps.map((s: { label: string; minutes: number }) => expect.stringContaining(`${s.label} (${s.minutes} min`)));
    expect(legend[0]).toMatch(/^10:30–/);
    expect(await primary.locator('.timeline-bar').textContent()).toBe('');
    // Plain words: no action id, no score, no tag, no raw confidence number.
    const words = (await page.locator('#gap-result').textContent()) ?? '';
    for (const r of [plan.assessment.primary, ...plan.assessment.alternatives]) {
      expect(words).not.toContain(r.action);
      for (const tag of r.tags) expect(words).not.toContain(tag);
    }
    expect(words).not.toMatch(/score/i);
    expect(words).not.toContain(String(plan.assessment.confidence));
    await expect.poll(() => inView(page, '#gap-result .gap'), WAIT).toBe(true);

    const places = (await call(t.base, '/v1/places?campus=utm&limit=100')).body.data as { availability: string }[];
    const shown = await page.$$eval('.places li', (lis) => lis.map((li) => [li.getAttribute('data-availability'), li.querySelector('.badge')?.textContent ?? '']));
    expect(shown.map(([a]) => a)).toEqual(places.map((p) => p.availability));
    for (const [availability, badge] of shown) if (availability === 'unknown') expect(badge).toMatch(/^Unknown/);

    await settled(page);
    await screenshot(page, 'explore-utm');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('UBC: footprints drawn under the points, stairs apart from the other paths, inferred hours said to be inferred', async () => {
    const map = (await call(t.base, '/v1/campuses/ubc-vancouver/map')).body;
    const count = (k: string, p: (f: any) => boolean = () => true) => map.features.filter((f: any) => f.properties.feature === k && p(f)).length;
    const { page, errors, foreign } = await open('/explore#campus=ubc-vancouver');
    await loaded(page, (await call(t.base, '/v1/campuses/ubc-vancouver')).body.data.name);
    expect(await text(page, '.leaflet-control-attribution')).toContain('University of British Columbia');
    const styled = (stroke: string, extra = '') => page.$$eval(`path[stroke="${stroke}"]${extra}`, (paths) => paths.length);
    expect(await page.locator('path.footprint').count()).toBe(count('footprint'));
    expect(await styled('#b3261e')).toBe(count('path', (f) => f.properties.stairs === 'true'));
    const inferred = await page.$$eval('.places li[data-availability="open"], .places li[data-availability="closed"]', (lis) => lis.map((li) => li.textContent ?? ''));
    for (const line of inferred) expect(line).toContain('(from the published weekly hours, not a verified fact)');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('UTM step-free: the unavailable route stays the answer; the stair-avoiding candidate is drawn apart with its warning in words; the door legend', async () => {
    const api = (await postJson(t.base, '/v1/routes', { from: 'DV', to: 'CCT', campus: 'utm', preferences: { mode: 'step-free' }, geometry: true })).body.data;
    expect(api.status).toBe('unavailable');
    const c = api.stepFreeCandidate;
    expect(c).toBeTruthy();

    const { page, errors, foreign } = await open('/explore#campus=utm&from=DV&to=CCT&mode=step-free');
    await expect.poll(() => text(page, '#status'), WAIT).toBe('Route DV → CCT (step-free): unavailable.');
    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('unavailable');
    expect(await page.locator('[data-field="warnings"] li').allTextContents()).toEqual(api.warnings);
    // The candidate in words: what it is not, and every warning it carries.
    expect(await text(page, '[data-field="candidate"] h4')).toBe('Step-free candidate — not a verified step-free route');
    expect(await page.locator('[data-field="candidate-warnings"] li').allTextContents()).toEqual(c.warnings);
    expect(c.warnings[0]).toMatch(/^Not a verified step-free route/);
    const candidateText = (await page.locator('[data-field="candidate"]').textContent()) ?? '';
    expect(candidateText).toContain(`${c.segmentsWithoutStepFreeFact} of ${c.segments} segments have no step-free fact`);
    expect(candidateText).toContain(c.fromEntrance.id);
    expect(candidateText).toContain(c.toEntrance.id);
    // Drawn in its own style (never the route's), exactly its geometry's points.
    const candidatePoints = () => page.$$eval('path.candidate-line', (paths) => paths.reduce((n, p) => n + (p.getAttribute('d')?.match(/[ML]/g)?.length ?? 0), 0));
    await expect.poll(candidatePoints, WAIT).toBe(c.geometry?.coordinates.length ?? 0);
    expect(await drawnPoints(page)).toBe(0);
    // The legend tells the doors apart and says what the candidate is.
    const legend = (await page.locator('.legend').textContent()) ?? '';
    for (const words of ['Entrance, step-free (verified)', 'Entrance, not step-free', 'Entrance, step-free unknown', 'power door', 'Step-free candidate', 'not a verified step-free route']) {
      expect(legend).toContain(words);
    }

    await settled(page);
    await screenshot(page, 'explore-utm-step-free-candidate');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('TMU: the walking graph is drawn and a routed path is drawn with exactly its geometry\'s points', async () => {
    const api = (await postJson(t.base, '/v1/routes', { from: 'ARC', to: 'LIB', university: 'tmu', campus: 'tmu', geometry: true })).body.data;
    expect(api.status).toBe('routed');
    expect(api.geometry.coordinates.length).toBeGreaterThan(2);
    const map = await creditOf(t.base, 'tmu');
    const edges = map.features.filter((f) => f.geometry?.type === 'LineString').length;

    const { page, errors, foreign } = await open('/explore#campus=tmu');
    await loaded(page, (await call(t.base, '/v1/campuses/tmu')).body.data.name);
    expect(await page.inputValue('#university')).toBe('tmu');
    expect(await text(page, '#map-summary')).toContain(`${edges} walking-path segments`);
    // The credit is the map's own: its attribution and licence members.
    const credit = await text(page, '.leaflet-control-attribution');
    expect(credit).toBe(`${map.attribution} — ${map.license}`);
    expect(credit).toContain('Toronto Metropolitan University');
    expect(credit).toContain('OpenStreetMap contributors');
    expect(await text(page, '#campus-credit')).toContain(map.attribution);
    // The whole campus, network included, is in view, and no marker is under a control.
    const layout = await mapLayout(page);
    expect(layout.edges).toBe(edges);
    expect(layout.outside).toBe(0);
    expect(layout.underControls).toEqual([]);

    await page.selectOption('#from', 'ARC');
    await page.selectOption('#to', 'LIB');
    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('routed');
    await expect.poll(() => drawnPoints(page), WAIT).toBe(api.geometry.coordinates.length);
    expect(await text(page, '[data-field="path"]')).toContain(`${api.geometry.coordinates.length} points`);
    expect(new URL(page.url()).hash).toBe('#campus=tmu&from=ARC&to=LIB');
    // The line reaches the From and To markers: the doors it uses are marked, and a dotted link joins each
    // building's point to its door wherever they differ.
    const pointOf = (code: string) => map.features.find((f) => f.properties.feature === 'building' && f.properties.code === code)!.geometry!.coordinates;
    const ends = [[pointOf('ARC'), api.geometry.coordinates[0]], [pointOf('LIB'), api.geometry.coordinates.at(-1)]];
    expect(await page.locator('path.route-door').count()).toBe(2);
    expect(await page.locator('path.route-link').count()).toBe(ends.filter(([a, b]) => a[0] !== b[0] || a[1] !== b[1]).length);
    expect(await page.locator('path.route-link').count()).toBeGreaterThan(0);

    await settled(page);
    await screenshot(page, 'explore-tmu');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('UBC: the credit is the map\'s own; entrances grouped when zoomed out, building codes when zoomed in; all in view', async () => {
    const map = await creditOf(t.base, 'ubc-vancouver');
    const entrances = map.features.filter((f) => f.properties.feature === 'entrance' && f.geometry).length;
    const buildings = map.features.filter((f) => f.properties.feature === 'building' && f.geometry).length;
    const { page, errors, foreign } = await open('/explore#campus=ubc-vancouver');
    await loaded(page, (await call(t.base, '/v1/campuses/ubc-vancouver')).body.data.name);
    // Whatever UBC's map credits (today: the University of British Columbia, PDDL 1.0) is what the page shows.
    expect(await text(page, '.leaflet-control-attribution')).toBe(`${map.attribution} — ${map.license}`);
    expect(await text(page, '#campus-credit')).toContain(map.license);

    const layout = await mapLayout(page);
    expect(layout.outside).toBe(0);
    expect(layout.underControls).toEqual([]);
    // Zoomed out: entrances are grouped (badges with their number) and every entrance is in one group or drawn.
    const groups = (await page.locator('.door-group').allTextContents()).map(Number);
    expect(groups.length).toBeGreaterThan(5);
    expect(groups.reduce((a, b) => a + b, 0) + await page.locator('path.entrance-point').count()).toBe(entrances);
    expect(await page.locator('path.building-point').count()).toBe(buildings);
    expect(await page.locator('.code-label').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'explore-ubc');

    // Zoomed in: building codes as labels that do not overlap one another; fewer groups.
    const scale = () => page.locator('.leaflet-control-scale-line').evaluate((e) => `${e.textContent} ${e.getAttribute('style')}`);
    // (the fitted zoom depends on the map's height beside the legend: zoom in step by step until labels show, at most 6 steps)
    for (let i = 0; i < 6 && (await page.locator('.code-label').count()) <= 3; i++) {
      const before = await scale();
      await page.click('.leaflet-control-zoom-in');
      await expect.poll(scale, WAIT).not.toBe(before); // the scale bar follows every zoom level
      await settled(page);
    }
    await expect.poll(() => page.locator('.code-label').count(), WAIT).toBeGreaterThan(3);
    const boxes = await page.$$eval('.code-label', (els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom, `labels ${i} and ${j} overlap`).toBe(false);
    }
    const codes = new Set(map.features.filter((f) => f.properties.feature === 'building').map((f) => f.properties.code));
    for (const label of await page.locator('.code-label').allTextContents()) expect(codes.has(label), label).toBe(true);
    await settled(page);
    await screenshot(page, 'explore-ubc-zoomed');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('a link to an unknown campus says so, keeps the link and offers the campuses; an unknown building likewise', async () => {
    const campuses = (await call(t.base, '/v1/campuses?limit=100')).body.data as { id: string; name: string }[];
    const { page, errors, foreign } = await open('/explore#campus=atlantis&from=DV');
    const notice = page.locator('[data-testid="link-notice"]');
    await expect.poll(() => notice.textContent(), WAIT).toContain('“atlantis”');
    expect(await notice.textContent()).toContain('does not serve');
    expect(await notice.locator('a').allTextContents()).toEqual(expect.arrayContaining(campuses.map((c) => c.name)));
    expect(await notice.locator('a').count()).toBe(campuses.length);
    expect(new URL(page.url()).hash).toBe('#campus=atlantis&from=DV');
    expect(await seriousViolations(page)).toEqual([]);
    // Following one of the offered links shows that campus.
    await notice.locator('a', { hasText: campuses.find((c) => c.id === 'tmu')!.name }).click();
    await loaded(page, campuses.find((c) => c.id === 'tmu')!.name);
    expect(await notice.count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#campus=tmu');

    // An unknown building: said, the link kept, the buildings matching it offered as choices.
    const kerr = (await call(t.base, '/v1/buildings?campus=tmu&q=kerr')).body.data as { code: string }[];
    expect(kerr.length).toBeGreaterThan(1);
    await page.goto(`${t.base}/explore#campus=tmu&from=kerr&to=LIB`);
    await expect.poll(() => notice.textContent(), WAIT).toContain('“kerr” as the From building');
    expect(await notice.locator('button').count()).toBe(kerr.length);
    expect(new URL(page.url()).hash).toBe('#campus=tmu&from=kerr&to=LIB');
    expect(await page.inputValue('#to')).toBe('LIB');
    await notice.locator(`button[aria-label="Use ${kerr[0]!.code} as From"]`).click();
    await expect.poll(() => text(page, '[data-field="status"]'), WAIT).toBe('routed');
    expect(new URL(page.url()).hash).toBe(`#campus=tmu&from=${kerr[0]!.code}&to=LIB`);
    // The name is looked up by the API (GET /v1/buildings/kerr → 404), which Chromium logs; nothing else.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);

  it('draws every Polygon and MultiPolygon of a map as a footprint', async () => {
    const { page, errors } = await open('/explore');
    const served = await creditOf(t.base, 'tmu');
    const [lon, lat] = served.features.find((f) => f.properties.feature === 'building' && f.properties.code === 'ARC')!.geometry!.coordinates as [number, number];
    const ring = (dx: number) => [[lon + dx, lat], [lon + dx + 0.0003, lat], [lon + dx + 0.0003, lat + 0.0002], [lon + dx, lat + 0.0002], [lon + dx, lat]];
    const withAreas = {
      ...served,
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring(0)] }, properties: { feature: 'footprint', code: 'ARC', name: 'Architecture Building' } },
        { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[ring(0.001)], [ring(0.002)]] }, properties: { feature: 'area' } },
        ...served.features,
      ],
    };
    // The served map's own outlines (Polygon features) plus the two added here.
    const own = served.features.filter((f) => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon').length;
    await page.route('**/v1/campuses/tmu/map', (route) => route.fulfill({ status: 200, contentType: 'application/geo+json', body: JSON.stringify(withAreas) }));
    await page.goto(`${t.base}/explore#campus=tmu`);
    // (the status line is in the polled text so that a failure says what the page did)
    await expect.poll(async () => `${await text(page, '#status')} | ${await text(page, '#map-summary')}`, WAIT).toContain(`${own + 2} building footprints`);
    expect(await page.locator('path.footprint').count()).toBe(own + 2);
    expect(errors).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);
});

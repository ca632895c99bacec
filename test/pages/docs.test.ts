/** GET /docs in Chromium: every operation of the served OpenAPI document rendered, offline, CSP-clean, accessible. */
import { expect, it } from 'vitest';
import { call } from '../http/helpers.ts';
import { BROWSER_TEST_TIMEOUT, describeBrowser, screenshot, seriousViolations, WAIT } from './browser.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describeBrowser('GET /docs (browser)', ({ t, open }) => {
  it('renders a heading for every operation, with no console error and no request to another origin', async () => {
    const doc = (await call(t.base, '/v1/openapi.json')).body;
    const expected = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(expected.length).toBeGreaterThan(10);

    const { page, errors, foreign } = await open('/docs');
    await page.locator('.opblock').nth(expected.length - 1).waitFor();
    const rendered = await page.$$eval('.opblock .opblock-summary', (els) => els.map((el) => {
      const method = el.querySelector('.opblock-summary-method')?.textContent ?? '';
      const path = el.querySelector('[data-path]')?.getAttribute('data-path') ?? '';
      return `${method} ${path}`;
    }));
    expect(rendered.sort()).toEqual(expected);
    // Each operation's summary is visible in its heading line.
    const summaries = await page.$$eval('.opblock-summary-description', (els) => els.map((el) => el.textContent ?? ''));
    expect(summaries.filter((s) => s.trim() !== '').length).toBe(expected.length);
    await expect.poll(() => page.locator('footer.attribution').textContent(), WAIT).toContain('© OpenStreetMap contributors');
    expect(await page.locator('footer.attribution').textContent()).toContain('ODbL');

    await screenshot(page, 'docs', true);
    expect(await seriousViolations(page)).toEqual([]);

    // Try it out with the values the document pre-fills (its examples): each answers 200 from this origin.
    for (const id of ['buildings-getV1Buildings', 'routes-postV1Routes', 'gaps-postV1GapsPlan']) {
      const op = page.locator(`#operations-${id}`);
      await op.locator('.opblock-summary-control').click();
      await op.locator('.try-out__btn').click();
      await op.locator('.execute').click();
      await expect.poll(() => op.locator('.live-responses-table .response .response-col_status').first().textContent(), WAIT).toBe('200');
      if (id === 'routes-postV1Routes') {
        await op.locator('.live-responses-table').evaluate((el) => el.scrollIntoView({ block: 'start' })); // "Code 200" and the body
        await screenshot(page, 'docs-try-it-out-route');
      }
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT);
});

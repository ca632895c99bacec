/** Cache-Control of bodies that change over time (places, BEHAVIOUR §2): max-age = min(60, whole seconds to the change). */
import { describe, expect, it } from 'vitest';
import { cacheControlUntil } from '../../runtime/http/headers.ts';

describe('cacheControlUntil', () => {
  const now = Date.parse('2026-06-08T12:00:00.000Z');
  const at = (iso: string) => Date.parse(iso);
  it('max-age = min(60, whole seconds to the change); no-store at 0', () => {
    expect(cacheControlUntil(null, now)).toBe('public, max-age=60');
    expect(cacheControlUntil(at('2026-06-09T00:00:00.000Z'), now)).toBe('public, max-age=60');
    expect(cacheControlUntil(at('2026-06-08T12:00:30.500Z'), now)).toBe('public, max-age=30');
    expect(cacheControlUntil(at('2026-06-08T12:00:42.999Z'), now)).toBe('public, max-age=42');
    expect(cacheControlUntil(at('2026-06-08T12:00:00.999Z'), now)).toBe('no-store');
    expect(cacheControlUntil(at('2026-06-08T11:00:00.000Z'), now)).toBe('no-store');
  });
});

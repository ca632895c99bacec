/** matchKey's ASCII fast path (building codes) gives exactly what the full Unicode pipeline gives. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchKey } from '../../runtime/domain/match-key.ts';

const full = (text: string) =>
  text.normalize('NFKC').normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

describe('matchKey', () => {
  it('ASCII letters and digits: lower-cased, same as the full pipeline', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,16}$/), (s) => {
      expect(matchKey(s)).toBe(full(s));
    }));
  });
  it('anything else goes through the full pipeline', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => {
      expect(matchKey(s)).toBe(full(s));
    }));
    expect(matchKey('Ｄａｖｉｓ  Building!')).toBe('davis building');
  });
});

/** Templates with named blanks (runtime/http/template.ts): the one way prepared bodies are filled. */
import { describe, expect, it } from 'vitest';
import { TemplateBuilder } from '../../runtime/http/template.ts';

describe('Template', () => {
  const t = new TemplateBuilder<'instant' | 'requestId'>()
    .text('{"a":').blank('instant').text(',"b":').blank('instant').text(',"é":"').blank('requestId').text('"}')
    .build();

  it('fills in steps; the blanks not given stay', () => {
    const at = t.fill({ instant: '"2026-01-01T00:00:00.000Z"' });
    expect(at.blanks).toEqual(['requestId']);
    expect(at.text({ requestId: 'id' })).toBe('{"a":"2026-01-01T00:00:00.000Z","b":"2026-01-01T00:00:00.000Z","é":"id"}');
    expect(t.text({ instant: '1', requestId: 'x' })).toBe('{"a":1,"b":1,"é":"x"}');
  });

  it('encoded: the byte string written as latin1 is the UTF-8 of the text, and byte lengths agree', () => {
    const at = t.fill({ instant: '2' });
    for (const values of [{ requestId: 'ab' }, { requestId: 'ünï' }]) {
      const e = at.encode();
      expect(e.encoding).toBe('latin1');
      const bytes = Buffer.from(e.body(values), 'latin1');
      expect(bytes.toString('utf8')).toBe(at.text(values));
      expect(e.byteLength(values)).toBe(bytes.length);
      expect(at.byteLength(values)).toBe(bytes.length);
    }
  });
});

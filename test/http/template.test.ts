/** Templates with named blanks (runtime/http/template.ts): the one way prepared bodies are filled. */
import { describe, expect, it } from 'vitest';
import { SINGLE_WRITE_MAX, TemplateBuilder } from '../../runtime/http/template.ts';

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

  it('encoded: the bytes written (one latin1 string when small, chunks when large) are the UTF-8 of the text, ASCII or not', () => {
    const large = (key: string) => new TemplateBuilder<'requestId'>().text(`{"${key}":"${'x'.repeat(SINGLE_WRITE_MAX)}","id":"`).blank('requestId').text('"}').build();
    const ascii = new TemplateBuilder<'requestId'>().text('{"e":"').blank('requestId').text('"}').build();
    const cases = [[t.fill({ instant: '2' }), 'string'], [ascii, 'string'], [large('é'), 'object'], [large('e'), 'object']] as const;
    for (const [at, kind] of cases) {
      for (const values of [{ requestId: 'ab' }, { requestId: 'ünï' }]) {
        const e = at.encode();
        expect(e.encoding).toBe('latin1');
        const body = e.body(values);
        expect(typeof body).toBe(kind);
        const bytes = Buffer.concat((typeof body === 'string' ? [body] : body as (string | Buffer)[]).map((c) => (typeof c === 'string' ? Buffer.from(c, 'latin1') : c)));
        expect(bytes.toString('utf8')).toBe(at.text(values));
        expect(e.byteLength(values)).toBe(bytes.length);
        expect(at.byteLength(values)).toBe(bytes.length);
      }
    }
  });
});

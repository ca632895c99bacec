/** The request log's batch formatter (runtime/ops/request-lines.ts): exact bytes, escaping, order, reuse. */
import { describe, expect, it } from 'vitest';
import { RequestLines, type RequestLogEntry } from '../../runtime/ops/request-lines.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const entry = (over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  method: 'GET', path: '/v1/buildings/:building', status: 200, durationMs: 0.1234, requestId: ID, ...over,
});
const text = (b: Buffer) => b.toString('latin1');

describe('request lines', () => {
  it('formats each recorded line as one JSON line, fields in a fixed order', () => {
    const lines = new RequestLines(4);
    lines.add(entry(), T0);
    expect(text(lines.take())).toBe(
      `{"level":"info","time":"2026-11-24T10:00:00.000Z","method":"GET","path":"/v1/buildings/:building","status":200,"durationMs":0.123,"requestId":"${ID}","msg":"request"}\n`,
    );
  });

  it('writes durations in ms with three decimals from whole microseconds', () => {
    const lines = new RequestLines(8);
    for (const d of [0, 0.0004, 0.0005, 1.5, 12.3456, 1234.56789, -1]) lines.add(entry({ durationMs: d }), T0);
    const ds = text(lines.take()).trim().split('\n').map((l) => /"durationMs":([^,]+),/.exec(l)![1]);
    expect(ds).toEqual(['0.000', '0.000', '0.001', '1.500', '12.346', '1234.568', '0.000']);
  });

  it('keeps order, follows the clock across a batch, marks aborted responses', () => {
    const lines = new RequestLines(4);
    lines.add(entry({ status: 404 }), T0);
    lines.add(entry({ method: 'POST', path: '/v1/routes', status: 201 }), T0 + 1);
    lines.add(entry({ status: 200, aborted: true }), T0 + 1500);
    const parsed = text(lines.take()).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => [l.time, l.method, l.path, l.status, l.aborted])).toEqual([
      ['2026-11-24T10:00:00.000Z', 'GET', '/v1/buildings/:building', 404, undefined],
      ['2026-11-24T10:00:00.001Z', 'POST', '/v1/routes', 201, undefined],
      ['2026-11-24T10:00:01.500Z', 'GET', '/v1/buildings/:building', 200, true],
    ]);
  });

  it('escapes paths into ASCII JSON and names unknown methods OTHER', () => {
    const lines = new RequestLines(2);
    lines.add(entry({ method: 'BREW', path: '/caf\u00e9/"x"\\\n' }), T0);
    const out = lines.take();
    expect(out.every((byte) => byte < 0x80)).toBe(true);
    const line = JSON.parse(text(out)) as Record<string, unknown>;
    expect(line.method).toBe('OTHER');
    expect(line.path).toBe('/caf\u00e9/"x"\\\n');
  });

  it('reports full at capacity and starts empty again after take', () => {
    const lines = new RequestLines(3);
    expect(lines.add(entry(), T0)).toBe(false);
    expect(lines.add(entry(), T0)).toBe(false);
    expect(lines.add(entry(), T0)).toBe(true);
    expect(text(lines.take()).split('\n')).toHaveLength(4);
    expect(lines.count).toBe(0);
    expect(lines.take()).toHaveLength(0);
    lines.add(entry({ status: 500 }), T0);
    expect(JSON.parse(text(lines.take())).status).toBe(500);
  });
});

/**
 * Path matching for the endpoint registry: exact, case-sensitive paths with an optional trailing slash;
 * templates may hold parameters in any segment and several of them (`/v1/datasets/{dataVersion}/{file}`).
 * A Map lookup for static paths, then a walk down a segment tree (static segments before parameters)
 * — no per-request regular expressions. A parameter matches one non-empty segment, percent-decoded.
 */
export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes stay as sent (and resolve to nothing)
  }
}

interface Node<R> {
  fixed: Map<string, Node<R>>;
  param?: { name: string; node: Node<R> };
  route?: R;
}

const node = <R>(): Node<R> => ({ fixed: new Map() });

/** The parameter names of a template, in order (`/a/{x}/b/{y}` → ['x', 'y']). */
export function templateParams(template: string): string[] {
  return template.split('/').filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
}

export class PathRouter<R> {
  private readonly exact = new Map<string, R>();
  private readonly tree: Node<R> = node();

  add(template: string, route: R): this {
    if (!template.startsWith('/')) throw new Error(`path template must start with '/': ${template}`);
    if (!template.includes('{')) {
      if (this.exact.has(template)) throw new Error(`duplicate path ${template}`);
      this.exact.set(template, route);
      return this;
    }
    let at = this.tree;
    for (const seg of template.slice(1).split('/')) {
      const open = seg.indexOf('{');
      if (open === -1) {
        let next = at.fixed.get(seg);
        if (!next) at.fixed.set(seg, (next = node()));
        at = next;
        continue;
      }
      if (open !== 0 || !seg.endsWith('}') || seg.length < 3 || seg.indexOf('{', 1) !== -1) {
        throw new Error(`unsupported path template ${template}: a parameter is a whole segment`);
      }
      const name = seg.slice(1, -1);
      if (at.param && at.param.name !== name) throw new Error(`conflicting parameter names at ${template}`);
      at.param ??= { name, node: node() };
      at = at.param.node;
    }
    if (at.route !== undefined) throw new Error(`duplicate path ${template}`);
    at.route = route;
    return this;
  }

  /** `path` is the raw path without the query string. */
  match(path: string): Match<R> | undefined {
    const p = path.length > 1 && path.charCodeAt(path.length - 1) === 47 /* / */ ? path.slice(0, -1) : path;
    const route = this.exact.get(p);
    if (route !== undefined) return { route, params: NO_PARAMS };
    if (p.charCodeAt(0) !== 47) return undefined;
    const segments = p.slice(1).split('/');
    const values: string[] = [];
    const found = walk(this.tree, segments, 0, values);
    if (found === undefined) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < found.names.length; i++) params[found.names[i]!] = decode(values[i]!);
    return { route: found.route, params };
  }
}

function walk<R>(at: Node<R>, segments: string[], i: number, values: string[]): { route: R; names: string[] } | undefined {
  if (i === segments.length) return at.route === undefined ? undefined : { route: at.route, names: [] };
  const seg = segments[i]!;
  const fixed = at.fixed.get(seg);
  if (fixed) {
    const hit = walk(fixed, segments, i + 1, values);
    if (hit) return hit;
  }
  if (at.param && seg !== '') {
    values.push(seg);
    const hit = walk(at.param.node, segments, i + 1, values);
    if (hit) {
      hit.names.unshift(at.param.name);
      return hit;
    }
    values.pop();
  }
  return undefined;
}

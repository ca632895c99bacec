/**
 * Path matching for the route table: exact, case-sensitive paths with an optional trailing slash, and
 * templates whose last segment is a parameter (`/v1/buildings/{building}`). A Map lookup for static paths
 * and a short prefix scan for parameter paths — no per-request regular expressions.
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

export class PathRouter<R> {
  private readonly exact = new Map<string, R>();
  private readonly prefixed: { prefix: string; name: string; route: R }[] = [];

  add(template: string, route: R): this {
    const open = template.indexOf('{');
    if (open === -1) this.exact.set(template, route);
    else {
      if (!template.endsWith('}') || template.lastIndexOf('/') !== open - 1) throw new Error(`unsupported path template ${template}`);
      this.prefixed.push({ prefix: template.slice(0, open), name: template.slice(open + 1, -1), route });
    }
    return this;
  }

  /** `path` is the raw path without the query string. */
  match(path: string): Match<R> | undefined {
    const p = path.length > 1 && path.charCodeAt(path.length - 1) === 47 /* / */ ? path.slice(0, -1) : path;
    const route = this.exact.get(p);
    if (route !== undefined) return { route, params: NO_PARAMS };
    for (const r of this.prefixed) {
      if (p.length > r.prefix.length && p.startsWith(r.prefix)) {
        const rest = p.slice(r.prefix.length);
        if (rest.includes('/')) continue;
        return { route: r.route, params: { [r.name]: decode(rest) } };
      }
    }
    return undefined;
  }
}

/**
 * The part of the served OpenAPI document the SDKs cover: every v1 GET/POST operation (HEAD and OPTIONS
 * are protocol details; the deprecated /api/campus-* aliases are not for new code) and the components
 * those operations reach. Both generators and the drift test read the document through this module.
 */
export type OpenApiDocument = {
  paths: Record<string, Record<string, any>>;
  components: Record<string, Record<string, any>>;
  [key: string]: unknown;
};

export interface Operation {
  operationId: string;
  method: 'get' | 'post';
  path: string;
  op: any;
}

const METHODS = ['get', 'post'] as const;

/** True for the versioned API's paths (/v1 and below). */
export const isV1Path = (path: string): boolean => path === '/v1' || path.startsWith('/v1/');

/** Every v1 GET/POST operation of the document, in document order. */
export function v1Operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isV1Path(path)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ operationId: String(op.operationId), method, path, op });
    }
  }
  return out;
}

/** Resolves a local "#/a/b/c" reference. */
export function resolveRef(doc: OpenApiDocument, ref: string): any {
  return ref
    .slice(2)
    .split('/')
    .reduce<any>((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
}

/**
 * Parameters and request bodies without their `example`: the document's examples are records of the data it is
 * served with, and the SDK types must not change with the data.
 */
const noExample = ({ example: _, ...rest }: Record<string, unknown>) => rest;
const withoutExamples = (params: Record<string, unknown>[] | undefined) => params?.map(noExample);
function operationWithoutExamples(op: any): any {
  const content = op.requestBody?.content as Record<string, Record<string, unknown>> | undefined;
  return {
    ...op,
    ...(op.parameters ? { parameters: withoutExamples(op.parameters) } : {}),
    ...(content ? { requestBody: { ...op.requestBody, content: Object.fromEntries(Object.entries(content).map(([t, m]) => [t, noExample(m)])) } } : {}),
  };
}

/** The document reduced to the v1 GET/POST operations and the components they reference (transitively). */
export function sdkDocument(doc: OpenApiDocument): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const { path, method, op } of v1Operations(doc)) {
    const shared = doc.paths[path].parameters ? { parameters: withoutExamples(doc.paths[path].parameters) } : {}; // path-level parameters
    paths[path] = { ...shared, ...paths[path], [method]: operationWithoutExamples(op) };
  }
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/') && !seen.has(value)) {
          seen.add(value);
          walk(resolveRef(doc, value));
        } else walk(value);
      }
    }
  };
  walk(paths);
  const components: OpenApiDocument['components'] = {};
  for (const [kind, entries] of Object.entries(doc.components ?? {})) {
    const kept = Object.entries(entries).filter(([name]) => seen.has(`#/components/${kind}/${name}`));
    if (kept.length > 0) components[kind] = Object.fromEntries(kept);
  }
  // `info` carries the data version in its description; the SDK types must not change with the data.
  return { openapi: doc.openapi, info: { title: (doc.info as any)?.title ?? 'API', version: (doc.info as any)?.version ?? '' }, paths, components };
}

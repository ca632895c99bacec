/**
 * The request-body validators compiled at build time for the server bundle: ajv's standalone code for
 * BODY_COMPONENTS (runtime/schemas/body-validators.ts), made with the runtime's own ajv configuration
 * (createAjv) and schemas, stands in for that module in dist/server.mjs (an esbuild plugin). The bundled
 * server then compiles no schema at start-up; it answers exactly as the runtime-compiled validators do
 * (test/http/body-validators.test.ts).
 */
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'esbuild';
import { join } from 'node:path';
import { BODY_COMPONENTS } from '../../runtime/schemas/body-validators.ts';
import { COMPONENTS } from '../../runtime/schemas/index.ts';
import { componentRef, createAjv } from '../../runtime/schemas/validator.ts';

const standaloneCode = standaloneModule.default;

/** ES module source exporting `bodyValidateFunctions()`, as runtime/schemas/body-validators.ts does. */
export function bodyValidatorsSource(): string {
  const ajv = createAjv(COMPONENTS, false, { source: true, esm: true });
  const refs = Object.fromEntries(BODY_COMPONENTS.map((c) => [c, componentRef(c)]));
  return `${standaloneCode(ajv, refs)}\nexport function bodyValidateFunctions() { return { ${BODY_COMPONENTS.join(', ')} }; }\n`;
}

/** esbuild plugin: runtime/schemas/body-validators.ts → the precompiled validators (resolving ajv's runtime helpers from `root`). */
export function precompiledBodyValidators(root: string): Plugin {
  const target = join(root, 'runtime', 'schemas', 'body-validators.ts');
  return {
    name: 'precompiled-body-validators',
    setup(build) {
      build.onLoad({ filter: /[\\/]runtime[\\/]schemas[\\/]body-validators\.ts$/ }, (args) =>
        args.path === target ? { contents: bodyValidatorsSource(), loader: 'js', resolveDir: root } : undefined);
    },
  };
}

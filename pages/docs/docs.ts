/**
 * GET /docs: Swagger UI rendering the OpenAPI document this API serves (/v1/openapi.json).
 * Bundled by build/pages.ts; no request leaves the API's origin (validatorUrl off, no fonts, no CDN).
 */
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js';

const root = document.getElementById('swagger-ui')!;

function fail(message: string): void {
  root.replaceChildren();
  const p = document.createElement('p');
  p.className = 'load-error';
  p.setAttribute('role', 'alert');
  p.textContent = message;
  root.append(p);
}

async function main(): Promise<void> {
  const res = await fetch('/v1/openapi.json', { headers: { accept: 'application/json' } });
  if (!res.ok) return fail(`Could not load /v1/openapi.json (HTTP ${res.status}).`);
  const spec = (await res.json()) as Record<string, unknown>;
  // Swagger UI renders OpenAPI 3.1 with its base dialect only and shows a warning box for any other
  // jsonSchemaDialect; our schemas are plain JSON Schema 2020-12, which that dialect extends.
  delete spec.jsonSchemaDialect;
  root.replaceChildren();
  SwaggerUIBundle({
    spec,
    domNode: root,
    // Deep links put an <a> inside each operation's toggle button (nested controls: axe nested-interactive).
    deepLinking: false,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // No badge fetched from validator.swagger.io: the page talks to this origin only.
    validatorUrl: null,
    // Plain code blocks: the highlighter's colours on dark grey fail WCAG contrast.
    syntaxHighlight: { activated: false },
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
}

/**
 * Swagger UI renders "Try it out" enum pickers as <select> and the request-body editor as <textarea>, both
 * without a label; name each one after its parameter row or operation (React leaves attributes it does not
 * manage alone).
 */
function labelTryItOutControls(): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('tr[data-param-name] select:not([aria-label])')) {
    const row = select.closest('tr')!;
    select.setAttribute('aria-label', `Value of ${row.dataset.paramName} (${row.dataset.paramIn ?? 'query'})`);
  }
  for (const body of root.querySelectorAll<HTMLTextAreaElement>('.body-param > textarea:not([aria-label])')) {
    const path = body.closest('.opblock')?.querySelector('[data-path]')?.getAttribute('data-path');
    body.setAttribute('aria-label', `Request body (JSON)${path ? ` of POST ${path}` : ''}`);
  }
}
new MutationObserver(labelTryItOutControls).observe(root, { childList: true, subtree: true });

main().catch((e: unknown) => fail(`Could not render the API reference: ${e instanceof Error ? e.message : String(e)}`));

/** swagger-ui-dist ships no type declarations; this is the part pages/docs uses. */
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const SwaggerUIBundle: {
    (config: Record<string, unknown>): unknown;
    presets: { apis: unknown };
  };
  export default SwaggerUIBundle;
}

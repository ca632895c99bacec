/**
 * The process's lifecycle as load balancers see it: ready once the data is loaded and the server listens,
 * draining from the first shutdown step (signal or fatal error) on. GET /readyz answers 503 while not ready.
 */
export const lifecycle = { ready: false, draining: false };

export function isReady(): boolean {
  return lifecycle.ready && !lifecycle.draining;
}

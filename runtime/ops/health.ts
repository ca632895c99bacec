/**
 * The process's lifecycle as load balancers see it. A server only listens once its data is loaded, so
 * "ready" means "not draining": from the first shutdown step (signal or fatal error) on, GET /readyz
 * answers 503 while in-flight requests finish.
 */
export const lifecycle = { draining: false };

export function isReady(): boolean {
  return !lifecycle.draining;
}

/**
 * npm run cdn — the API and Varnish together on loopback ports, as a CDN would sit in front of it:
 *   API    node dist/server.mjs on 127.0.0.1:$API_PORT (default 3000; the usual settings apply)
 *   cache  varnishd with deploy/varnish/default.vcl on 127.0.0.1:$CDN_PORT (default 8080)
 * Logs of both on stdout; Ctrl-C (SIGINT) or SIGTERM stops both. Needs varnishd (apt-get install varnish).
 */
import { execFileSync, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVarnish } from './varnish.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiPort = Number(process.env.API_PORT ?? 3000);
const cdnPort = Number(process.env.CDN_PORT ?? 8080);

execFileSync(process.execPath, ['--import', 'tsx', 'build/tools/ensure.ts'], { cwd: ROOT, stdio: 'inherit' });
const api = fork(join(ROOT, 'dist', 'server.mjs'), [], { cwd: ROOT, env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1' }, stdio: 'inherit' });
const apiExit = new Promise<number>((resolve) => api.once('exit', (code) => resolve(code ?? 1)));
const ready = await Promise.race([new Promise<boolean>((resolve) => api.once('message', () => resolve(true))), apiExit.then(() => false)]);
if (!ready) process.exit(1);

const varnish = await startVarnish({ backendPort: apiPort, listen: `127.0.0.1:${cdnPort}` }).catch((e: Error) => {
  console.error(JSON.stringify({ level: 'error', msg: 'varnish did not start', reason: e.message }));
  api.kill('SIGTERM');
  return process.exit(1);
});
console.log(JSON.stringify({ level: 'info', msg: 'cdn listening', url: varnish.url, origin: `http://127.0.0.1:${apiPort}` }));

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    api.kill('SIGTERM');
    await Promise.all([varnish.stop(), apiExit]);
  }
  return process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
void apiExit.then((code) => stop(code === 0 ? 0 : 1));
varnish.proc.once('exit', () => void stop(1));

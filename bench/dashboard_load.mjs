// How small and fast the dashboard is: the bytes of its files, the server's time per file
// over loopback, and how long chromium takes from navigation to the "Sign in" button (fresh
// page, nothing cached: the server sends Cache-Control: no-store). Prints one line per figure.
//
//   node bench/dashboard_load.mjs [build/bin/einvoiced] [runs=20]
//
// Needs the browser test's packages (bash tests/browser/setup.sh) and /usr/bin/chromium.
// Figures taken on a shared 2-core machine are noisy: compare runs of the same machine.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readdirSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from '../tests/browser/node_modules/playwright-core/index.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = resolve(process.argv[2] || join(ROOT, 'build/bin/einvoiced'));
const RUNS = Number(process.argv[3] || 20);

const freePort = () => new Promise((res) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
const [port, idpPort] = [await freePort(), await freePort()];
const work = mkdtempSync(join(tmpdir(), 'einv-dash-bench-'));
const base = `http://127.0.0.1:${port}`;
const waitFor = async (url) => {
  for (let i = 0; ; i++) {
    try { if ((await fetch(url)).ok) return; } catch { /* not yet */ }
    if (i > 100) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
// the local provider of the tests, so that the page finds a provider as in production
const idp = spawn(process.execPath, [join(ROOT, 'tests/browser/provider.mjs'), '--port', String(idpPort), '--redirect', `${base}/`], { stdio: 'ignore' });
await waitFor(`http://127.0.0.1:${idpPort}/.well-known/openid-configuration`);
const server = spawn(BIN, [], {
  env: { ...process.env, EINV_LISTEN: `127.0.0.1:${port}`, EINV_DATABASE: `sqlite:${join(work, 'db')}`,
    EINV_LOG_LEVEL: 'warn', EINV_OIDC_ISSUER: `http://127.0.0.1:${idpPort}`, EINV_OIDC_CLIENT_ID: 'einvoice-dashboard' },
  stdio: 'ignore',
});
// whatever happens below, the two servers stop with this script
process.on('exit', () => { server.kill('SIGTERM'); idp.kill('SIGTERM'); rmSync(work, { recursive: true, force: true }); });
await waitFor(`${base}/api/health`);

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const web = join(dirname(BIN), '../share/einvoice/web');
const files = ['index.html', ...readdirSync(join(web, 'assets')).map((f) => `assets/${f}`)];
let bytes = 0;
for (const f of files) bytes += statSync(join(web, f)).size;
console.log(`files: ${files.length}, ${bytes} bytes in all (uncompressed; no build step, no external resource)`);

for (const f of ['', 'assets/app.js', 'assets/invoices.js', 'dashboard/config.json']) {
  const t = [];
  for (let i = 0; i < RUNS * 5; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/${f}`);
    await r.arrayBuffer();
    t.push(performance.now() - t0);
  }
  console.log(`GET /${f}: median ${median(t).toFixed(2)} ms over ${RUNS * 5} requests (node fetch, loopback)`);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
const t = [];
for (let i = 0; i < RUNS; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t0 = performance.now();
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  t.push(performance.now() - t0);
  await ctx.close();
}
console.log(`navigation to a usable "Sign in" page: median ${median(t).toFixed(1)} ms, min ${Math.min(...t).toFixed(1)} ms over ${RUNS} fresh pages (chromium headless)`);
await browser.close();

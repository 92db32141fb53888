// The dashboard in a real browser (Debian's chromium driven by playwright-core) against a
// real einvoiced (fresh SQLite database) and a real OpenID Provider (provider.mjs,
// oidc-provider). It uses the accessible names of docs/dashboard.md and saves a screenshot of
// every page to EINV_SCREENSHOT_DIR (default build/dashboard-screenshots).
//
//   node tests/browser/dashboard.test.mjs        (EINV_SERVER_BIN, EINV_PLUGIN_DIR, CHROMIUM_PATH)
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const SERVER_BIN = process.env.EINV_SERVER_BIN || join(ROOT, 'build/bin/einvoiced');
const PLUGIN_DIR = process.env.EINV_PLUGIN_DIR || join(dirname(SERVER_BIN), '../lib/einvoice');
const SHOTS = process.env.EINV_SCREENSHOT_DIR || join(ROOT, 'build/dashboard-screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DATA = join(ROOT, 'tests/data');
const CLIENT_ID = 'einvoice-dashboard';

const children = [];
const work = mkdtempSync(join(tmpdir(), 'einv-dashboard-'));
let step = '';
const t0 = Date.now();

function log(msg) { process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`); }

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
    s.on('error', rej);
  });
}

function start(cmd, args, env, logFile, readyText) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  const append = (d) => { out += d; writeFileSync(logFile, out); };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  return new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`${cmd} did not start:\n${out}`)), 20000);
    const check = () => { if (out.includes(readyText)) { clearTimeout(timer); res({ child, log: () => out }); } };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', (code) => { clearTimeout(timer); rej(new Error(`${cmd} exited with ${code}:\n${out}`)); });
  });
}

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  log(`screenshot ${name}.png`);
}

async function main() {
  for (const [what, p] of [['einvoiced', SERVER_BIN], ['chromium', CHROMIUM], ['plugins', PLUGIN_DIR]]) {
    if (!existsSync(p)) throw new Error(`${what} not found at ${p}`);
  }
  mkdirSync(SHOTS, { recursive: true });
  const [pp, sp] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${sp}`;
  const issuer = `http://127.0.0.1:${pp}`;
  step = 'start the provider and the server';
  await start(process.execPath, [join(HERE, 'provider.mjs'), '--port', String(pp), '--redirect', `${base}/`],
    {}, join(work, 'provider.log'), '"issuer"');
  const dbEnv = {
    EINV_DATABASE: `sqlite:${join(work, 'einvoice.db')}`, EINV_PLUGIN_DIR: PLUGIN_DIR, EINV_OIDC_ISSUER: issuer,
    EINV_OIDC_CLIENT_ID: CLIENT_ID, EINV_LISTEN: `127.0.0.1:${sp}`, EINV_WORKERS: '2', EINV_LOG_LEVEL: 'info',
  };
  // a super-admin, reachable by ID token only through its bound subject (docs/api.md)
  execFileSync(SERVER_BIN, ['admin', 'create-account', '--email', 'admin@example.com', '--super-admin'], { env: { ...process.env, ...dbEnv } });
  execFileSync(SERVER_BIN, ['admin', 'bind-subject', '--email', 'admin@example.com', '--issuer', issuer, '--subject', 'admin'], { env: { ...process.env, ...dbEnv } });
  const server = await start(SERVER_BIN, [], dbEnv, join(work, 'server.log'), 'listening on');

  step = 'security headers of the dashboard';
  const head = await fetch(`${base}/`);
  const csp = head.headers.get('content-security-policy') || '';
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.equal(head.headers.get('x-content-type-options'), 'nosniff');

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  const urls = [];
  // the 401 (expired token), 403 (Pro profile) and 501 (no extractor) of the steps below are
  // expected answers
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 400 && ![401, 403, 501].includes(r.status()) && !r.url().endsWith('/favicon.ico')) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => urls.push(r.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });

  // WCAG AA: every visible text at 4.5:1 or more against the background it is drawn on
  const contrast = async (where) => {
    const low = await page.evaluate(() => {
      const lum = (c) => {
        const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const bg = (el) => { for (let e = el; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
      const bad = [];
      for (const el of document.querySelectorAll('body *')) {
        if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
        if (!el.offsetParent && el.tagName !== 'BODY') continue;
        const a = lum(getComputedStyle(el).color), b = lum(bg(el));
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < 4.5) bad.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
      }
      return bad;
    });
    assert.deepEqual(low, [], `text below 4.5:1 on ${where}`);
  };

  // each of the issue's names is found by text exactly once on a page, so a test that looks
  // controls up by text (not only by role) finds the control and nothing else
  const uniqueText = async (names, where) => {
    for (const name of names) assert.equal(await page.getByText(name).count(), 1, `"${name}" on ${where}`);
  };

  const signIn = async (email, password) => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`^${issuer}/`));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`^${base}/`));
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  };
  const uploadFile = async (file, profile, expect) => {
    await page.getByRole('link', { name: 'Upload' }).click();
    await page.getByLabel('Invoice file').setInputFiles(file);
    await page.locator('#chosen').filter({ hasText: '→ POST' }).waitFor();
    await page.getByLabel('Profile').selectOption(profile);
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.locator('#result .verdict, #result .error').first().waitFor({ timeout: 30000 });
    const text = await page.locator('#result').innerText();
    assert.match(text, expect, `upload of ${file} with ${profile}: ${text}`);
    return text;
  };

  step = 'a forged redirect (a state this page did not make) is refused';
  await page.goto(`${base}/?code=forged-code&state=forged-state`);
  await page.getByText('does not match this sign-in attempt (state)').waitFor();
  assert.equal(new URL(page.url()).search, '', 'the code must leave the URL');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('einv.idToken')), null);

  step = 'sign in through the provider';
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await shot(page, 'sign-in');
  await uniqueText(['Sign in'], 'sign-in');
  await contrast('sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new RegExp(`^${issuer}/`));
  await page.getByLabel('Email').fill('alice@example.com');
  await page.getByLabel('Password').fill('alice-password');
  await shot(page, 'provider-login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new RegExp(`^${base}/`));
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  assert.equal(new URL(page.url()).search, '', 'the code must not stay in the URL');
  const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('einv.idToken'), local: localStorage.length }));
  assert.ok(stored.session && stored.session.split('.').length === 3, 'ID token in sessionStorage');
  assert.equal(stored.local, 0, 'nothing in localStorage');
  const idToken = stored.session;
  log('signed in as alice');

  step = 'upload a UBL invoice and see it validated';
  await page.getByRole('link', { name: 'Upload' }).click();
  await page.getByLabel('Profile').waitFor();
  await uniqueText(['Invoices', 'Upload', 'Settings', 'Sign out', 'Profile', 'Validate'], 'Upload');
  await uploadFile(join(DATA, 'ubl/sample-invoice.xml'), 'EN16931', /^Valid/);
  await shot(page, 'upload');

  step = 'the endpoint follows the file';
  const invalid = join(work, 'invalid-ubl.xml');
  writeFileSync(invalid, readFileSync(join(DATA, 'ubl/sample-invoice.xml'), 'utf8')
    .replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '').replace('<cbc:DocumentCurrencyCode>EUR', '<cbc:DocumentCurrencyCode>EURO'));
  // drag and drop: a real DataTransfer with the file, dropped on the drop zone
  await page.getByRole('link', { name: 'Upload' }).click();
  const cii = readFileSync(join(DATA, 'cii/sample-invoice.xml'), 'utf8');
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'dropped-cii.xml', { type: 'application/xml' }));
    return d;
  }, cii);
  await page.dispatchEvent('#drop', 'dragover', { dataTransfer: dt });
  await page.dispatchEvent('#drop', 'drop', { dataTransfer: dt });
  await page.locator('#chosen').filter({ hasText: 'dropped-cii.xml' }).filter({ hasText: 'UN/CEFACT CII' }).waitFor();
  await page.getByRole('button', { name: 'Validate' }).click();
  await page.locator('#result .verdict, #result .error').first().waitFor({ timeout: 30000 });
  assert.match(await page.locator('#result').innerText(), /^(Valid|Not valid)[\s\S]*CII/);
  await uploadFile(join(DATA, 'idoc/invoic02-standard.xml'), 'EN16931', /Valid|Not valid/);
  assert.match(await page.locator('#result').innerText(), /IDOC/);
  await uploadFile(join(DATA, 'odata/supplierinvoice-standard.json'), 'PEPPOL', /Valid|Not valid/);
  assert.match(await page.locator('#result').innerText(), /ODATA/);
  await uploadFile(join(DATA, 'json/sample-invoice.json'), 'EN16931', /Valid|Not valid/);
  assert.match(await page.locator('#result').innerText(), /JSON/);

  step = 'a plain PDF goes to extraction (or a clear 501 where this install has no extractor)';
  const plainPdf = join(DATA, 'extract/invoice-text.pdf');
  let extract501 = false;
  if (existsSync(plainPdf)) {
    await page.getByRole('link', { name: 'Upload' }).click();
    await page.getByLabel('Invoice file').setInputFiles(plainPdf);
    await page.locator('#chosen').filter({ hasText: '/invoices/extract' }).waitFor();
    await page.getByLabel('Extraction tier').selectOption('FAST');
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.locator('#result .verdict, #result .error').first().waitFor({ timeout: 60000 });
    const text = await page.locator('#result').innerText();
    assert.match(text, /^(Valid|Not valid)|HTTP 501 Not Implemented/);
    extract501 = /HTTP 501/.test(text);
    log(`plain PDF: ${text.split('\n')[0]}`);
  }

  if (existsSync(plainPdf) && !extract501) {
    step = 'the fields to check of the extracted invoice: every field the API names, the doubtful ones first';
    const link = page.locator('#result a');
    const id = (await link.getAttribute('href')).split('/').pop();
    const inv = await (await fetch(`${base}/api/v1/invoices/${id}`, { headers: { Authorization: `Bearer ${idToken}` } })).json();
    const paths = Object.keys(inv.extraction.fields);
    assert.ok(paths.length > 5, `extraction fields: ${JSON.stringify(inv.extraction)}`);
    await link.click();
    await page.getByRole('heading', { name: 'Fields to check' }).waitFor();
    const rows = page.locator('#fields-to-check tbody tr');
    assert.equal(await rows.count(), paths.length);
    const texts = await rows.allInnerTexts();
    for (const p of paths) assert.ok(texts.some((t) => t.includes(p)), `${p} in the fields to check`);
    const lowOf = () => rows.evaluateAll((rs) => rs.map((r) => r.classList.contains('low')));
    const low = await lowOf();
    assert.deepEqual(low, [...low].sort((a, b) => b - a), 'the marked fields come first');
    await page.getByRole('heading', { name: 'Invoice data' }).waitFor();   // the canonical fields as before
    await shot(page, 'invoice-extracted');
    await contrast('the fields to check');

    step = 'doubtful fields marked and first, a hostile note shown as text (the answer doctored in the browser)';
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const url = `${base}/api/v1/invoices/${id}`;
    await page.route(url, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.extraction.fields['/issueDate'] = { confidence: 0.45, page: 1 };
      body.extraction.fields['/invoiceNumber'] = { confidence: 0.3, page: 1, box: [56.7, 70.1, 180, 82.2], note: hostile };
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Fields to check' }).waitFor();
    const top = await rows.evaluateAll((rs) => rs.slice(0, 3).map((r) => ({ low: r.classList.contains('low'), text: r.innerText })));
    assert.ok(top[0].low && top[1].low, 'the two doubtful fields first');
    assert.match(top[0].text, /\/invoiceNumber[\s\S]*check[\s\S]*30 %[\s\S]*1[\s\S]*<img src=x onerror/);
    assert.match(top[1].text, /\/issueDate[\s\S]*check[\s\S]*45 %/);
    assert.match(await page.locator('#fields-to-check p').first().innerText(), /2 of \d+ fields were read with a confidence under 50 %/);
    assert.equal(await page.locator('#fields-to-check img').count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await shot(page, 'invoice-fields-to-check');
    await contrast('the marked fields to check');
    await page.unroute(url);
  }

  step = 'open the findings of an invalid invoice';
  await uploadFile(invalid, 'EN16931', /^Not valid/);
  await page.getByRole('link', { name: 'Open the findings' }).click();
  await page.getByRole('heading', { name: /^Findings/ }).waitFor();
  await page.getByRole('heading', { name: /^CORE/ }).waitFor();
  const docLink = page.getByRole('link', { name: /^Documentation of BR-/ }).first();
  const href = await docLink.getAttribute('href');
  const doc = await page.request.get(new URL(href, base).toString());
  assert.equal(doc.status(), 200, `documentation link ${href}`);
  assert.match(await page.locator('main').innerText(), /kositResult/);
  await shot(page, 'invoice-findings');
  await contrast('the findings');

  step = 'the detail of a valid invoice, with downloads';
  await page.getByRole('link', { name: 'Invoices' }).click();
  await page.getByRole('link', { name: 'INV-2026-0042' }).last().click();   // oldest: the first upload, valid
  await page.getByRole('heading', { name: 'Invoice data' }).waitFor();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download IDoc' }).click()]);
  assert.match(readFileSync(await dl.path(), 'utf8'), /INVOIC02/);
  await shot(page, 'invoice-detail');

  step = 'the list, newest first, filtered by status';
  await page.getByRole('link', { name: 'Invoices' }).click();
  await page.locator('#invoice-list tbody tr').first().waitFor();
  assert.equal(await page.locator('#invoice-list tbody tr').count(), existsSync(plainPdf) && !extract501 ? 7 : 6);
  // newest first: the invalid UBL uploaded last on top, the first (valid) UBL at the bottom
  assert.match(await page.locator('#invoice-list tbody tr').first().innerText(), /failed validation[\s\S]*UBL/);
  assert.match(await page.locator('#invoice-list tbody tr').last().innerText(), /validated[\s\S]*UBL/);
  assert.doesNotMatch(await page.locator('#invoice-list tbody tr').last().innerText(), /failed/);
  await shot(page, 'invoices');
  await uniqueText(['Invoices', 'Upload', 'Settings', 'Sign out'], 'the list');
  await contrast('the list');
  await page.getByLabel('Filter by status').selectOption('failed_validation');
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('#invoice-list tbody tr')];
    return rows.length > 0 && rows.every((r) => r.innerText.includes('failed validation'));
  });

  step = 'create a key and see it listed';
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'API keys' }).click();
  // both links render the keys page: fill the form only once the second rendering has loaded
  // its list (a form filled before would be replaced by an empty one)
  await page.waitForURL(/#\/settings\/keys$/);
  await page.locator('#keys, .notice', { hasText: /ci-|No keys yet|Name/ }).first().waitFor();
  await page.getByLabel('Key name').fill('ci-pipeline');
  assert.equal(await page.getByLabel('Key name').inputValue(), 'ci-pipeline');
  await page.getByLabel('Monthly quota (optional)').fill('1000');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.locator('#created-key', { hasText: 'ci-pipeline' }).waitFor();
  const raw = (await page.locator('#raw-key').innerText()).trim();
  assert.match(raw, /^svc_live_[A-Za-z0-9_-]{32,}$/);
  await page.locator('#keys tbody tr', { hasText: 'ci-pipeline' }).waitFor();
  assert.match(await page.locator('#keys tbody tr', { hasText: 'ci-pipeline' }).innerText(), new RegExp(raw.slice(-4)));
  const withKey = async () => (await fetch(`${base}/api/v1/account`, { headers: { Authorization: `Bearer ${raw}` } })).status;
  assert.equal(await withKey(), 200);
  await shot(page, 'api-keys');
  await uniqueText(['Invoices', 'Upload', 'Settings', 'Sign out', 'API keys', 'Create key'], 'API keys');
  await contrast('API keys');

  step = 'revoke it; the next API call with it gets 401';
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await page.locator('#keys tbody tr', { hasText: 'revoked' }).waitFor();
  assert.equal(await withKey(), 401);

  step = 'a sandbox key';
  await page.getByLabel('Key name').fill('sandbox-tests');
  await page.getByLabel('Sandbox key').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.locator('#created-key', { hasText: 'sandbox-tests' }).waitFor();
  assert.match((await page.locator('#raw-key').innerText()).trim(), /^svc_test_[A-Za-z0-9_-]{32,}$/);
  assert.match(await page.locator('#keys tbody tr', { hasText: 'sandbox-tests' }).innerText(), /svc_test_[\s\S]*sandbox[\s\S]*active/);

  step = 'an expired token leads back to sign-in, and no work is lost';
  await page.getByLabel('Key name').fill('typed before expiry');
  await page.evaluate(() => sessionStorage.setItem('einv.idToken', 'eyJhbGciOiJSUzI1NiJ9.eyJleHAiOjF9.c2ln'));
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.waitForURL(new RegExp(`^${base}/#/settings/keys`), { timeout: 20000 });
  await page.getByText('your entries were kept').waitFor();
  assert.equal(await page.getByLabel('Key name').inputValue(), 'typed before expiry');

  step = 'XRECHNUNG needs Pro; upgrade to Pro and validate with XRECHNUNG';
  await uploadFile(join(DATA, 'ubl/sample-invoice.xml'), 'XRECHNUNG', /upgrade to Pro/i);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Plan' }).click();
  await page.locator('#current-plan', { hasText: 'FREE' }).waitFor();
  await shot(page, 'plan');
  await uniqueText(['Invoices', 'Upload', 'Settings', 'Sign out', 'API keys', 'Upgrade to Pro'], 'the plan');
  await contrast('the plan');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.locator('#current-plan', { hasText: 'PRO' }).waitFor();
  await uploadFile(join(DATA, 'ubl/sample-invoice.xml'), 'XRECHNUNG', /Valid|Not valid/);
  assert.match(await page.locator('#result').innerText(), /XRECHNUNG/);

  step = 'keyboard: the main navigation works without a mouse';
  await page.getByRole('link', { name: 'Invoices' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Send an invoice' }).waitFor();

  step = 'WCAG AA contrast of the text on the Upload page';
  await contrast('upload');

  step = 'sign out';
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('einv.idToken')), null);

  step = 'a super-admin sees every account\'s invoices with the owner\'s email';
  await signIn('admin@example.com', 'admin-password');
  await page.locator('#invoice-list tbody tr').first().waitFor();
  assert.match(await page.locator('#invoice-list thead').innerText(), /Owner/);
  assert.match(await page.locator('#invoice-list tbody').innerText(), /alice@example\.com/);
  await shot(page, 'invoices-admin');

  step = 'an ID token with another nonce (a replayed answer) is refused';
  {
    const ctx2 = await browser.newContext();
    const p2 = await ctx2.newPage();
    // as if the provider's answer belonged to another sign-in: change the nonce this page
    // expects just before it reads the answer
    await p2.addInitScript(() => {
      const pending = JSON.parse(sessionStorage.getItem('einv.oidcPending') || 'null');
      if (pending && window.location.search.includes('code=')) {
        pending.nonce = 'another-attempt';
        sessionStorage.setItem('einv.oidcPending', JSON.stringify(pending));
      }
    });
    await p2.goto(`${base}/`);
    await p2.getByRole('button', { name: 'Sign in' }).click();
    await p2.waitForURL(new RegExp(`^${issuer}/`));
    await p2.getByLabel('Email').fill('bob@example.com');
    await p2.getByLabel('Password').fill('bob-password');
    await p2.getByRole('button', { name: 'Sign in' }).click();
    await p2.getByText('does not belong to this sign-in attempt (nonce)').waitFor();
    assert.equal(await p2.evaluate(() => sessionStorage.getItem('einv.idToken')), null);
    await ctx2.close();
  }

  step = 'no token in a URL or in the server log';
  assert.ok(!urls.some((u) => u.includes(idToken.split('.')[2])), 'ID token in a requested URL');
  assert.ok(!server.log().includes(idToken.split('.')[2]), 'ID token in the server log');
  assert.deepEqual(problems, [], 'browser console errors');
  await browser.close();

  step = 'the server stops cleanly (under ASan: no leak)';
  const exited = new Promise((res) => server.child.on('exit', (code, sig) => res(code ?? sig)));
  server.child.kill('SIGTERM');
  assert.equal(await exited, 0, `einvoiced exit:\n${server.log().split('\n').slice(-30).join('\n')}`);
  log('all dashboard checks passed');
}

let failed = false;
try {
  await main();
} catch (e) {
  failed = true;
  process.stderr.write(`FAILED at step "${step}": ${e.stack || e}\n`);
  for (const f of ['server.log', 'provider.log']) {
    try { process.stderr.write(`--- ${f} (tail)\n${readFileSync(join(work, f), 'utf8').split('\n').slice(-40).join('\n')}\n`); } catch { /* none */ }
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  if (!failed) rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

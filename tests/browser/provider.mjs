// A real OpenID Provider for the dashboard's tests and local runs: the certified
// `oidc-provider` library on 127.0.0.1 with one public client (authorization code + PKCE
// S256, no secret) and a few users with passwords. Its login page has the fields "Email" and
// "Password" and the button "Sign in". docs/dashboard.md shows how to run it:
//
//   node tests/browser/provider.mjs --port 9400 --redirect http://127.0.0.1:8080/
//
// then einvoiced with EINV_OIDC_ISSUER=http://127.0.0.1:9400 EINV_OIDC_CLIENT_ID=einvoice-dashboard.
// It prints one line `{"issuer": ..., "clientId": ...}` when it listens. Keys are generated
// at start (RS256); POST /test/rotate (loopback only) rotates them, for rotation tests.
import { createServer } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

const { values: opt } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.OIDC_PORT || '9400' },
    host: { type: 'string', default: '127.0.0.1' },
    redirect: { type: 'string', multiple: true, default: [] },
    'client-id': { type: 'string', default: 'einvoice-dashboard' },
    'id-token-ttl': { type: 'string', default: '3600' },
  },
});

// The users of the local provider (documented in docs/dashboard.md). Passwords are for
// local runs and tests only.
export const USERS = {
  'alice@example.com': { sub: 'alice', password: 'alice-password', name: 'Alice Example' },
  'bob@example.com': { sub: 'bob', password: 'bob-password', name: 'Bob Example' },
  'admin@example.com': { sub: 'admin', password: 'admin-password', name: 'Ada Admin' },
};
const BY_SUB = Object.fromEntries(Object.entries(USERS).map(([email, u]) => [u.sub, { ...u, email }]));

const issuer = `http://${opt.host}:${opt.port}`;
// 127.0.0.1 and localhost are the same server to a person, not to a browser: accept both
const given = opt.redirect.length ? opt.redirect : ['http://127.0.0.1:8080/'];
const redirects = [...new Set(given.flatMap((r) => {
  const u = new URL(r);
  const twin = new URL(r);
  if (u.hostname === '127.0.0.1') twin.hostname = 'localhost';
  else if (u.hostname === 'localhost') twin.hostname = '127.0.0.1';
  return [u.href, twin.href];
}))];
const origins = new Set(redirects.map((r) => new URL(r).origin));

function signingKey(kid) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function loginPage(uid, message) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – local identity provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;color:#1a1a1a}
label{display:block;font-weight:600;margin:.8rem 0 .2rem}input{font:inherit;padding:.4rem;width:100%}
button{font:inherit;margin-top:1rem;padding:.5rem 1rem;background:#0b5394;color:#fff;border:0;border-radius:4px}
.err{background:#fbe7e7;color:#7f1d1d;padding:.5rem}</style></head><body>
<h1>Local identity provider</h1><p>oidc-provider on ${escapeHtml(issuer)} (tests and local runs)</p>
${message ? `<p class="err" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form></body></html>`;
}

async function formBody(req) {
  const chunks = [];
  let n = 0;
  for await (const c of req) {
    n += c.length;
    if (n > 16384) throw new Error('form too large');
    chunks.push(c);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

let keys = [signingKey(`k-${randomBytes(4).toString('hex')}`)];

function configuration() {
  return {
    clients: [{
      client_id: opt['client-id'],
      token_endpoint_auth_method: 'none',          // a public client: the browser holds no secret
      redirect_uris: redirects,
      post_logout_redirect_uris: redirects,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    }],
    pkce: { methods: ['S256'], required: () => true },
    jwks: { keys },
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      // plain http on loopback: SameSite=None cookies would need Secure
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,                    // email in the ID token the API receives
    ttl: { IdToken: Number(opt['id-token-ttl']), AccessToken: 600, Session: 3600, Grant: 3600, Interaction: 600 },
    clientBasedCORS: (ctx, origin) => origins.has(origin),
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (ctx, sub) => {
      const u = BY_SUB[sub];
      if (!u) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: u.email, email_verified: true, name: u.name }) };
    },
  };
}

let provider = new Provider(issuer, configuration());
provider.proxy = false;

// Login (password checked) and consent (granted for the one first-party client).
async function interaction(req, res) {
  const m = req.url.match(/^\/interaction\/([\w-]+)(\/login)?$/);
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'POST' && m[2]) {
    const form = await formBody(req);
    const u = USERS[(form.get('email') || '').toLowerCase()];
    if (!u || u.password !== form.get('password')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid, 'Unknown email or wrong password.'));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: u.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  if (details.prompt.name === 'login') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(loginPage(details.uid));
    return;
  }
  const grant = details.grantId ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
  const missing = details.prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

const server = createServer(async (req, res) => {
  try {
    if (req.url.startsWith('/interaction/')) return await interaction(req, res);
    if (req.url === '/test/rotate' && req.method === 'POST') {
      // a new signing key (the old one stays published for tokens already issued)
      keys = [signingKey(`k-${randomBytes(4).toString('hex')}`), ...keys].slice(0, 2);
      provider = new Provider(issuer, configuration());
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kid: keys[0].kid }));
      return;
    }
    return provider.callback()(req, res);
  } catch (e) {
    res.writeHead(400, { 'Content-Type': 'text/plain' });
    res.end(`error: ${e.message}`);
  }
});

server.listen(Number(opt.port), opt.host, () => {
  process.stdout.write(`${JSON.stringify({ issuer, clientId: opt['client-id'], redirects })}\n`);
});
for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => server.close(() => process.exit(0)));

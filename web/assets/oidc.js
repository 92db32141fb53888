// OpenID Connect sign-in: authorization code flow with PKCE (S256), state and nonce checked,
// the ID token kept in sessionStorage only (never localStorage, never a URL). The server
// validates the token on every API call; the checks here only refuse answers that belong to
// another sign-in attempt.

const TOKEN = 'einv.idToken';
const PENDING = 'einv.oidcPending';
const SIGNED_OUT = 'einv.signedOut';

let config = null;

function b64url(bytes) {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomString(n = 32) {
  return b64url(crypto.getRandomValues(new Uint8Array(n)));
}

function decodePayload(jwt) {
  const part = jwt.split('.')[1] || '';
  const text = atob(part.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((part.length + 3) % 4));
  return JSON.parse(decodeURIComponent(Array.from(text, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')));
}

function redirectUri() {
  return `${window.location.origin}/`;
}

// The sign-in settings: the server's /dashboard/config.json, completed from the issuer's
// discovery document when the server could not give the endpoints.
export async function loadConfig() {
  if (config) return config;
  const res = await fetch('/dashboard/config.json', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The dashboard settings could not be loaded (HTTP ${res.status})`);
  config = await res.json();
  if (config.issuer && !config.authorizationEndpoint) {
    try {
      const d = await fetch(`${config.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
      if (d.ok) {
        const doc = await d.json();
        if (doc.issuer === config.issuer) {
          config.authorizationEndpoint = doc.authorization_endpoint;
          config.tokenEndpoint = doc.token_endpoint;
          config.endSessionEndpoint = doc.end_session_endpoint || null;
        }
      }
    } catch { /* reported below as "not configured" */ }
  }
  return config;
}

export function signInConfigured() {
  return !!(config && config.issuer && config.clientId && config.authorizationEndpoint && config.tokenEndpoint);
}

export function token() {
  return sessionStorage.getItem(TOKEN);
}

export function claims() {
  const t = token();
  if (!t) return null;
  try { return decodePayload(t); } catch { return null; }
}

// Go to the provider's sign-in page; returnTo (a #/ route) is where the page comes back to.
export async function signIn(returnTo) {
  await loadConfig();
  if (!signInConfigured()) throw new Error('Sign-in is not configured on this server (EINV_OIDC_ISSUER, EINV_OIDC_CLIENT_ID).');
  const state = randomString();
  const nonce = randomString();
  const verifier = randomString(48);
  const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  sessionStorage.setItem(PENDING, JSON.stringify({ state, nonce, verifier, returnTo: returnTo || '#/invoices' }));
  const q = new URLSearchParams({
    response_type: 'code', client_id: config.clientId, redirect_uri: redirectUri(), scope: config.scope || 'openid email profile',
    state, nonce, code_challenge: challenge, code_challenge_method: 'S256',
  });
  // after an explicit sign-out the provider asks for the credentials again (Google knows no
  // prompt=login; select_account has the same effect there)
  if (sessionStorage.getItem(SIGNED_OUT)) q.set('prompt', /accounts\.google\.com/.test(config.issuer) ? 'select_account' : 'login');
  const sep = config.authorizationEndpoint.includes('?') ? '&' : '?';
  window.location.assign(`${config.authorizationEndpoint}${sep}${q}`);
}

// When the URL is the provider's redirect (?code=&state= or ?error=): check the state,
// exchange the code with the PKCE verifier, check the nonce, keep the ID token, and clean
// the URL. Returns the #/ route to continue at, or null when this is no redirect.
export async function handleRedirect() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('code') && !params.has('error')) return null;
  const pending = JSON.parse(sessionStorage.getItem(PENDING) || 'null');
  sessionStorage.removeItem(PENDING);
  // the code must not stay in the address bar or the history
  window.history.replaceState(null, '', `/${pending ? pending.returnTo : '#/invoices'}`);
  if (params.has('error')) {
    throw new Error(`The identity provider refused the sign-in: ${params.get('error')}${params.get('error_description') ? ` (${params.get('error_description')})` : ''}`);
  }
  if (!pending || params.get('state') !== pending.state) throw new Error('Sign-in answer does not match this sign-in attempt (state); please sign in again.');
  await loadConfig();
  const body = new URLSearchParams({
    grant_type: 'authorization_code', code: params.get('code'), redirect_uri: redirectUri(),
    client_id: config.clientId, code_verifier: pending.verifier,
  });
  const res = await fetch(config.tokenEndpoint, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok || !json.id_token) throw new Error(`The identity provider did not issue an ID token (${json.error || `HTTP ${res.status}`}).`);
  const c = decodePayload(json.id_token);
  if (c.nonce !== pending.nonce) throw new Error('The ID token does not belong to this sign-in attempt (nonce); please sign in again.');
  if (c.iss !== config.issuer) throw new Error('The ID token comes from another issuer.');
  sessionStorage.setItem(TOKEN, json.id_token);
  sessionStorage.removeItem(SIGNED_OUT);
  return pending.returnTo;
}

// Forget the token. The provider's own session ends at its end-session endpoint when the
// user follows the offered link; the next sign-in asks for credentials again either way.
export function signOut() {
  const t = token();
  sessionStorage.removeItem(TOKEN);
  sessionStorage.setItem(SIGNED_OUT, '1');
  if (!config || !config.endSessionEndpoint || !t) return null;
  // no id_token_hint: a token never goes into a URL
  const q = new URLSearchParams({ post_logout_redirect_uri: redirectUri(), client_id: config.clientId });
  return `${config.endSessionEndpoint}?${q}`;
}

// The token was refused (expired): forget it, keep the signed-out flag off (the provider's
// session may sign the user in again without a form) and go back through sign-in.
export function dropToken() {
  sessionStorage.removeItem(TOKEN);
}

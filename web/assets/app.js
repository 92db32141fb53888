// The dashboard's entry: sign-in state, the hash router (#/invoices, #/invoices/{id},
// #/upload, #/settings/keys, #/settings/plan) and the way back through sign-in when the
// ID token has expired, with the page's work kept (drafts.js).
import * as oidc from './oidc.js';
import { api, setUnauthorizedHandler } from './api.js';
import { h, show, errorBox } from './ui.js';
import * as drafts from './drafts.js';
import { listPage, detailPage } from './invoices.js';
import { uploadPage } from './upload.js';
import { keysPage, planPage } from './settings.js';

let account = null;
let leaving = false;

async function refreshAccount() {
  account = await api('GET', '/account');
  document.getElementById('who').textContent = `${account.email}${account.superAdmin ? ' (super-admin)' : ''} · ${account.plan}`;
  return account;
}

function signedOutPage(message, endSessionUrl) {
  document.getElementById('nav').hidden = true;
  document.getElementById('signout').hidden = true;
  document.getElementById('who').textContent = '';
  const btn = h('button', {
    type: 'button',
    onclick: async () => {
      try { await oidc.signIn(window.location.hash.length > 2 ? window.location.hash : '#/invoices'); } catch (e) { box.replaceChildren(errorBox(e.message)); }
    },
  }, 'Sign in');
  const box = h('div');
  show('Sign in', h('div', { class: 'landing' },
    h('h1', {}, 'E-invoice validator'),
    h('p', {}, 'Check each e-invoice against EN 16931 and its national profiles (UBL, CII, Factur-X, IDoc, OData), see every finding, manage keys and plan.'),
    message ? h('p', { class: 'notice', role: 'status' }, message) : null,
    oidc.signInConfigured() ? btn : errorBox('Sign-in is not configured on this server: set EINV_OIDC_ISSUER and EINV_OIDC_CLIENT_ID (docs/dashboard.md).'),
    endSessionUrl ? h('p', {}, h('a', { href: endSessionUrl }, 'Also end the session at the identity provider')) : null,
    box));
}

function markNav(section) {
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.dataset.section === section) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

async function route() {
  if (leaving) return;
  if (!oidc.token()) { signedOutPage(); return; }
  if (!account) {
    try { await refreshAccount(); } catch (e) { if (!leaving) show('Error', errorBox(`The account could not be loaded: ${e.message}`)); return; }
  }
  document.getElementById('nav').hidden = false;
  document.getElementById('signout').hidden = false;
  drafts.clear();
  const hash = window.location.hash || '#/invoices';
  const [path, query] = hash.slice(1).split('?');
  const params = new URLSearchParams(query || '');
  const parts = path.split('/').filter(Boolean);
  markNav(parts[0] || 'invoices');
  if (parts[0] === 'invoices' && parts[1]) return detailPage(parts[1]);
  if (parts[0] === 'upload') return uploadPage(account);
  if (parts[0] === 'settings' && parts[1] === 'plan') return planPage(refreshAccount);
  if (parts[0] === 'settings') return keysPage();
  return listPage(params, account);
}

// A 401 with a token: it expired (or the provider rotated away from it). Keep the page's
// work, then sign in again and come back here. A server that refuses fresh tokens too (a
// wrong EINV_OIDC_AUDIENCE, say) would make that a loop: the third time within a minute the
// page stops and shows the server's reason instead.
const RESIGN = 'einv.resignins';
setUnauthorizedHandler(async (body) => {
  if (leaving || !oidc.token()) return;
  const recent = JSON.parse(sessionStorage.getItem(RESIGN) || '[]').filter((t) => Date.now() - t < 60000);
  if (recent.length >= 2) {
    oidc.dropToken();
    sessionStorage.removeItem(RESIGN);
    account = null;
    signedOutPage(`The server refuses the provider's ID tokens: ${(body && body.message) || 'HTTP 401'}. Check EINV_OIDC_ISSUER, EINV_OIDC_CLIENT_ID and EINV_OIDC_AUDIENCE (docs/dashboard.md).`);
    return;
  }
  sessionStorage.setItem(RESIGN, JSON.stringify([...recent, Date.now()]));
  leaving = true;
  await drafts.saveCurrent();
  oidc.dropToken();
  show('Signing in again', h('p', { class: 'notice', role: 'status' }, 'Your session has expired; signing you in again…'));
  try { await oidc.signIn(window.location.hash || '#/invoices'); } catch (e) { leaving = false; signedOutPage(e.message); }
});

async function boot() {
  document.getElementById('signout').addEventListener('click', () => {
    const end = oidc.signOut();
    account = null;
    window.history.replaceState(null, '', '/');
    signedOutPage('You are signed out.', end);
  });
  try {
    await oidc.loadConfig();
    await oidc.handleRedirect();   // puts the route back into the URL itself
  } catch (e) {
    signedOutPage(e.message);
    return;
  }
  window.addEventListener('hashchange', route);
  route();
}

boot();

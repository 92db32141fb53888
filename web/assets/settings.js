// Settings: API keys (create with name, sandbox flag and quota; the raw key shown once with a
// copy button; the list; revoke after a confirmation) and the plan (usage this month,
// "Upgrade to Pro" through PUT /v1/account/plan, effective at once).
import { api } from './api.js';
import { h, show, when, errorBox, announce, badge } from './ui.js';
import * as drafts from './drafts.js';

function subnav(active) {
  const link = (id, href, text) => h('a', { href, 'aria-current': active === id ? 'page' : null }, text);
  return h('nav', { class: 'subnav', 'aria-label': 'Account sections' }, link('keys', '#/settings/keys', 'API keys'), link('plan', '#/settings/plan', 'Plan'));
}

// Ask before revoking: a modal dialog whose confirming button is "Revoke" too. The page
// behind it is hidden from assistive technology while it is open.
function confirmRevoke(name) {
  return new Promise((resolve) => {
    const main = document.getElementById('main');
    const dlg = h('dialog', { 'aria-labelledby': 'revoke-title' },
      h('h2', { id: 'revoke-title' }, `Disable the key “${name}” for good?`),
      h('p', {}, 'Requests with it are refused (401) from now on. This cannot be undone.'));
    const done = (ok) => { main.removeAttribute('aria-hidden'); dlg.close(); dlg.remove(); resolve(ok); };
    dlg.append(h('div', { class: 'row' },
      h('button', { type: 'button', class: 'danger', onclick: () => done(true) }, 'Revoke'),
      h('button', { type: 'button', class: 'secondary', autofocus: true, onclick: () => done(false) }, 'Cancel')));
    dlg.addEventListener('cancel', (e) => { e.preventDefault(); done(false); });
    document.body.append(dlg);
    main.setAttribute('aria-hidden', 'true');
    dlg.showModal();
  });
}

// Copy the key's text; where the Clipboard API is refused (plain http off localhost), select
// it so that Ctrl+C does.
function copyButton(el) {
  return h('button', {
    type: 'button', class: 'secondary',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(el.textContent);
        announce('Key copied to the clipboard');
      } catch {
        window.getSelection().selectAllChildren(el);
        announce('Key selected: press Ctrl+C to copy it');
      }
    },
  }, 'Copy');
}

async function keyList(box) {
  let keys;
  try {
    keys = (await api('GET', '/api-keys')).content;
  } catch (e) {
    box.replaceChildren(errorBox(`The keys could not be loaded: ${e.message}`));
    return;
  }
  if (!keys.length) { box.replaceChildren(h('p', { class: 'notice' }, 'No keys yet.')); return; }
  box.replaceChildren(h('table', { id: 'keys' },
    h('caption', { class: 'sr-only' }, 'Your keys, newest first'),
    h('thead', {}, h('tr', {}, ['Name', 'Key', 'Mode', 'Quota', 'Used this month', 'Created', 'Last used', 'State', ''].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, keys.map((k) => h('tr', { 'data-key-id': k.id },
      h('td', {}, k.name),
      h('td', { class: 'mono' }, `${k.prefix}…${k.lastFour}`),
      h('td', {}, k.sandbox ? badge('sandbox', 'sandbox') : badge('profile', 'live')),
      h('td', { class: 'num' }, k.quotaLimit === null || k.quotaLimit === undefined ? '—' : String(k.quotaLimit)),
      h('td', { class: 'num' }, String(k.usedThisMonth ?? 0)),
      h('td', {}, when(k.createdAt)),
      h('td', {}, k.lastUsedAt ? when(k.lastUsedAt) : 'never'),
      h('td', {}, k.revokedAt ? badge('bad', `revoked ${when(k.revokedAt)}`) : badge('ok', 'active')),
      h('td', {}, k.revokedAt ? null : h('button', {
        type: 'button', class: 'danger', 'aria-describedby': null,
        onclick: async () => {
          if (!(await confirmRevoke(k.name))) return;
          try {
            await api('DELETE', `/api-keys/${k.id}`);
            announce(`Key ${k.name} can no longer be used`);
          } catch (e) { box.prepend(errorBox(`The key could not be revoked: ${e.message}`)); return; }
          keyList(box);
        },
      }, 'Revoke')))))));
}

export async function keysPage() {
  const route = '#/settings/keys';
  const name = h('input', { id: 'key-name', required: true, maxlength: '100', autocomplete: 'off' });
  const sandbox = h('input', { id: 'key-sandbox', type: 'checkbox' });
  const quota = h('input', { id: 'key-quota', type: 'number', min: '1', step: '1', inputmode: 'numeric' });
  const created = h('div', { id: 'created-key' });
  const list = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  drafts.register(route, async () => ({ name: name.value, sandbox: sandbox.checked, quota: quota.value }));
  const form = h('form', {
    onsubmit: async (e) => {
      e.preventDefault();
      const body = { name: name.value.trim(), sandbox: sandbox.checked, quotaLimit: quota.value ? Number(quota.value) : null };
      if (!body.name) { created.replaceChildren(errorBox('Give the key a name.')); name.focus(); return; }
      try {
        const k = await api('POST', '/api-keys', { json: body });
        const raw = h('code', { id: 'raw-key', class: 'mono', tabindex: '-1', 'aria-label': 'New API key' }, k.key);
        created.replaceChildren(h('div', { class: 'panel', role: 'status' },
          h('p', {}, h('strong', {}, `Key “${k.name}” created. `), 'Copy it now: it is shown this once only.'),
          h('div', { class: 'keybox' }, raw, copyButton(raw))));
        name.value = '';
        quota.value = '';
        sandbox.checked = false;
        raw.focus();
        window.getSelection().selectAllChildren(raw);
        keyList(list);
      } catch (e2) {
        created.replaceChildren(errorBox(`The key could not be created: ${e2.message}`));
      }
    },
  },
  h('div', { class: 'row' },
    h('div', { class: 'field' }, h('label', { for: 'key-name' }, 'Key name'), name),
    h('div', { class: 'field' }, h('label', { for: 'key-quota' }, 'Monthly quota (optional)'), quota),
    h('div', { class: 'field' }, h('label', { class: 'inline', for: 'key-sandbox' }, sandbox, 'Sandbox key (svc_test_)'))),
  h('p', {}, h('button', { type: 'submit' }, 'Create key')));
  show('API keys', h('h1', {}, 'Your account'), subnav('keys'), h('h2', {}, 'New key'), form, created, h('h2', {}, 'Your keys'), list);
  const saved = drafts.take(route);
  if (saved) {
    name.value = saved.name;
    sandbox.checked = saved.sandbox;
    quota.value = saved.quota;
    created.replaceChildren(h('p', { class: 'notice' }, 'You were signed in again; your entries were kept.'));
  }
  keyList(list);
}

export async function planPage(refreshAccount) {
  show('Plan', h('h1', {}, 'Your account'), subnav('plan'), h('p', { class: 'muted' }, 'Loading…'));
  let acc;
  try {
    acc = await api('GET', '/account');
  } catch (e) {
    show('Plan', h('h1', {}, 'Your account'), subnav('plan'), errorBox(`The account could not be loaded: ${e.message}`));
    return;
  }
  const u = acc.usage || {};
  const msg = h('div');
  const change = (plan) => async () => {
    try {
      await api('PUT', '/account/plan', { json: { plan } });
      announce(`Plan changed to ${plan}`);
      await refreshAccount();
      planPage(refreshAccount);
    } catch (e) { msg.replaceChildren(errorBox(`The plan could not be changed: ${e.message}`)); }
  };
  const meter = u.limit ? h('meter', { min: '0', max: String(u.limit), value: String(u.used), 'aria-label': 'Usage this month' }) : null;
  show('Plan', h('h1', {}, 'Your account'), subnav('plan'),
    h('div', { class: 'panel' },
      h('p', {}, 'Current plan: ', h('strong', { id: 'current-plan' }, acc.plan), acc.superAdmin ? [' ', badge('profile', 'super-admin')] : null),
      h('p', {}, `This month (${u.period || '—'}): ${u.used ?? 0} of ${u.limit === null || u.limit === undefined ? 'unlimited' : u.limit} validations`, meter ? [' ', meter] : null),
      acc.plan === 'PRO'
        ? [h('p', {}, 'Pro: XRECHNUNG, FRANCE and ITALY profiles, ACCURATE extraction, no monthly cap.'),
          h('button', { type: 'button', class: 'secondary', onclick: change('FREE') }, 'Switch to Free')]
        : [h('p', {}, 'Pro adds the XRECHNUNG, FRANCE and ITALY profiles, ACCURATE extraction and removes the monthly cap. It takes effect at once.'),
          h('button', { type: 'button', onclick: change('PRO') }, 'Upgrade to Pro')]),
    msg);
}

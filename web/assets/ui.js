// Small DOM helpers: every text goes in through textContent (never innerHTML), so data from
// invoices cannot inject markup, and the page needs no inline script or style (CSP).

// h('a', {href: '#/x', class: 'y'}, 'text', child...) -> element
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// Replace the page content, move focus to it (keyboard and screen-reader users land on the
// new page) and set the document title.
export function show(title, ...children) {
  const main = document.getElementById('main');
  main.replaceChildren(...children.flat(Infinity).filter(Boolean));
  document.title = `${title} – E-invoice validator`;
  main.focus({ preventScroll: true });
}

// A polite screen-reader announcement.
export function announce(text) {
  const live = document.getElementById('live');
  live.textContent = '';
  setTimeout(() => { live.textContent = text; }, 30);
}

export function badge(kind, text, label) {
  return h('span', { class: `badge ${kind}`, title: label || null }, text);
}

export function statusBadge(status) {
  const words = { validated: 'validated', failed_validation: 'failed validation', processing: 'processing' };
  return badge(status, words[status] || status || '—');
}

export function when(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function errorBox(text) {
  return h('p', { class: 'error', role: 'alert' }, text);
}

// A JSON amount as written (the API keeps the document's decimals; never re-format money
// through binary floating point).
export function amount(v, currency) {
  if (v === null || v === undefined || v === '') return '—';
  return currency ? `${v} ${currency}` : String(v);
}

// Invoices: the paged list (newest first, status filter, owner email for super-admins) and
// one invoice (canonical fields, findings by layer and severity, kositResult, downloads; the
// fields to check of an extracted invoice, extraction.js).
import { api, download, ApiError } from './api.js';
import { h, show, badge, statusBadge, when, errorBox, amount, announce } from './ui.js';
import { fieldsToCheck } from './extraction.js';

const PAGE_SIZE = 20;
const STATUSES = [['', 'All'], ['validated', 'Validated'], ['failed_validation', 'Failed validation'], ['processing', 'Processing']];
const LAYERS = ['SCHEMA', 'SYNTAX', 'CORE', 'PROFILE', 'PDF', 'EXTRACTION'];
const SEVERITIES = ['ERROR', 'WARNING', 'INFO'];

export async function listPage(params, account) {
  const page = Math.max(0, parseInt(params.get('page') || '0', 10) || 0);
  const status = params.get('status') || '';
  const filter = h('select', {
    id: 'status-filter',
    onchange: (e) => { window.location.hash = `#/invoices?status=${encodeURIComponent(e.target.value)}`; },
  }, STATUSES.map(([v, t]) => h('option', { value: v, selected: v === status }, t)));
  const admin = account && account.superAdmin;
  const head = [
    h('h1', {}, admin ? 'Invoice list of every account' : 'Invoice list'),
    h('div', { class: 'row' }, h('div', { class: 'field' }, h('label', { for: 'status-filter' }, 'Filter by status'), filter)),
  ];
  show('Invoices', head, h('p', { class: 'muted' }, 'Loading…'));
  let data;
  try {
    data = await api('GET', '/invoices', { query: { page, size: PAGE_SIZE, sort: 'createdAt,desc', status } });
  } catch (e) {
    show('Invoices', head, errorBox(`The invoices could not be loaded: ${e.message}`));
    return;
  }
  const rows = data.content.map((inv) => h('tr', {},
    h('td', {}, h('a', { href: `#/invoices/${inv.id}` }, inv.invoiceNumber || `(no number) ${inv.id.slice(0, 8)}`)),
    h('td', {}, when(inv.createdAt)),
    h('td', {}, statusBadge(inv.status), inv.sandbox ? [' ', badge('sandbox', 'sandbox')] : null),
    h('td', {}, badge('profile', inv.validationProfile)),
    h('td', {}, inv.invoiceFormat ? badge('format', inv.invoiceFormat) : '—'),
    h('td', { class: 'num' }, inv.validationResult ? String(inv.validationResult.errorCount) : '—'),
    h('td', { class: 'num' }, inv.validationResult ? String(inv.validationResult.warningCount) : '—'),
    admin ? h('td', {}, inv.ownerEmail || '—') : null));
  const table = data.content.length
    ? h('table', { id: 'invoice-list' },
      h('caption', { class: 'sr-only' }, `Invoice list, page ${page + 1} of ${Math.max(1, data.totalPages)}, newest first`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Number'), h('th', { scope: 'col' }, 'Created'),
        h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Profile'), h('th', { scope: 'col' }, 'Format'),
        h('th', { scope: 'col', class: 'num' }, 'Errors'), h('th', { scope: 'col', class: 'num' }, 'Warnings'),
        admin ? h('th', { scope: 'col' }, 'Owner') : null)),
      h('tbody', {}, rows))
    : h('p', { class: 'notice' }, status ? 'No invoice has this status.' : 'Nothing here yet.');
  const go = (p) => { window.location.hash = `#/invoices?page=${p}${status ? `&status=${encodeURIComponent(status)}` : ''}`; };
  const pager = h('div', { class: 'pager' },
    h('button', { type: 'button', class: 'secondary', disabled: page <= 0, onclick: () => go(page - 1) }, 'Previous page'),
    h('span', {}, `Page ${page + 1} of ${Math.max(1, data.totalPages)} (${data.totalElements} in all)`),
    h('button', { type: 'button', class: 'secondary', disabled: page + 1 >= data.totalPages, onclick: () => go(page + 1) }, 'Next page'));
  show('Invoices', head, table, pager);
}

function party(title, p) {
  if (!p) return h('div', { class: 'panel' }, h('h3', {}, title), h('p', { class: 'muted' }, 'Not given'));
  const a = p.address || {};
  const addr = [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.countryCode].filter(Boolean).join(', ');
  return h('div', { class: 'panel' }, h('h3', {}, title), h('dl', {},
    h('dt', {}, 'Name'), h('dd', {}, p.name || '—'),
    h('dt', {}, 'VAT id'), h('dd', {}, p.vatId || '—'),
    p.leitwegId ? [h('dt', {}, 'Leitweg-ID'), h('dd', {}, p.leitwegId)] : null,
    h('dt', {}, 'Address'), h('dd', {}, addr || '—'),
    p.electronicAddress ? [h('dt', {}, 'Electronic address'), h('dd', {}, p.electronicAddress.value || '—')] : null));
}

function totals(c) {
  const t = c.totals || {};
  const names = [['lineNetAmount', 'Sum of lines'], ['allowanceTotal', 'Allowances'], ['chargeTotal', 'Charges'],
    ['taxExclusiveAmount', 'Total without VAT'], ['taxAmount', 'VAT'], ['taxInclusiveAmount', 'Total with VAT'],
    ['prepaidAmount', 'Paid in advance'], ['payableAmount', 'Amount due']];
  return h('div', { class: 'panel' }, h('h3', {}, 'Totals'), h('dl', {},
    names.filter(([k]) => t[k] !== undefined && t[k] !== null).map(([k, label]) => [h('dt', {}, label), h('dd', { class: 'num' }, amount(t[k], c.currency))])));
}

function lines(c) {
  const ls = c.lines || [];
  if (!ls.length) return h('p', { class: 'muted' }, 'No lines.');
  return h('table', {}, h('caption', { class: 'sr-only' }, 'Invoice lines'),
    h('thead', {}, h('tr', {}, ['#', 'Description', 'Quantity', 'Unit', 'Price', 'VAT', 'Net amount'].map((t, i) => h('th', { scope: 'col', class: i >= 2 && i !== 3 ? 'num' : null }, t)))),
    h('tbody', {}, ls.map((l, i) => h('tr', {},
      h('td', {}, l.id || String(i + 1)), h('td', {}, l.description || l.name || '—'),
      h('td', { class: 'num' }, l.quantity ?? '—'), h('td', {}, l.unit || '—'),
      h('td', { class: 'num' }, amount(l.price, null)),
      h('td', { class: 'num' }, l.taxRate !== undefined && l.taxRate !== null ? `${l.taxCategory || ''} ${l.taxRate} %` : (l.taxCategory || '—')),
      h('td', { class: 'num' }, amount(l.netAmount, null))))));
}

function finding(f) {
  return h('li', { class: `finding ${f.severity}` },
    h('div', {}, badge(f.severity, f.severity), ' ', h('strong', { class: 'mono' }, f.code), ' ', f.message),
    f.field ? h('div', {}, h('span', { class: 'muted' }, 'Field: '), h('code', {}, f.field)) : null,
    f.suggestion ? h('div', {}, h('span', { class: 'muted' }, 'Suggestion: '), f.suggestion) : null,
    f.documentationUrl ? h('div', {}, h('a', { href: f.documentationUrl, target: '_blank', rel: 'noopener' }, `Documentation of ${f.code}`)) : null);
}

// Findings grouped by layer (in the order of the pipeline), then severity.
export function groupedFindings(errors) {
  if (!errors || !errors.length) return h('p', { class: 'notice' }, 'No findings.');
  const layers = [...LAYERS, ...new Set(errors.map((f) => f.layer).filter((l) => !LAYERS.includes(l)))];
  return layers.map((layer) => {
    const inLayer = errors.filter((f) => f.layer === layer);
    if (!inLayer.length) return null;
    return h('section', { 'aria-label': `${layer} findings` },
      h('h3', {}, `${layer} (${inLayer.length})`),
      SEVERITIES.map((sev) => {
        const list = inLayer.filter((f) => f.severity === sev);
        return list.length ? [h('h4', {}, `${sev.charAt(0)}${sev.slice(1).toLowerCase()}s: ${list.length}`), h('ul', { class: 'plain' }, list.map(finding))] : null;
      }));
  });
}

export async function detailPage(id) {
  const back = h('p', {}, h('a', { href: '#/invoices' }, '← Back to the list'));
  let inv;
  for (let i = 0; ; i++) {
    try {
      inv = await api('GET', `/invoices/${encodeURIComponent(id)}`, { rawNumbers: true });
    } catch (e) {
      show('Invoice', back, errorBox(e instanceof ApiError && e.status === 404 ? 'No such invoice.' : `The invoice could not be loaded: ${e.message}`));
      return;
    }
    if (inv.status !== 'processing' || i > 120) break;
    show('Invoice', back, h('h1', {}, 'Invoice'), h('p', {}, 'Processing… '), h('progress', { 'aria-label': 'Processing' }));
    await new Promise((r) => setTimeout(r, 1000));
    if (!window.location.hash.startsWith(`#/invoices/${id}`)) return;   // the user went elsewhere
  }
  const c = inv.canonicalJson || {};
  const r = inv.validationResult || { errors: [], kositResult: { valid: true, errors: [] } };
  const k = r.kositResult || { valid: true, errors: [] };
  const validated = inv.status === 'validated';
  const dl = (path, name, label) => h('button', {
    type: 'button', disabled: !validated,
    onclick: async () => {
      try { await download(path, name); announce(`${label} downloaded`); } catch (e) { alertBox.replaceChildren(errorBox(`${label}: ${e.message}`)); }
    },
  }, label);
  const alertBox = h('div');
  show(`Invoice ${c.invoiceNumber || id}`, back,
    h('h1', {}, `Invoice ${c.invoiceNumber || ''}`.trim()),
    h('p', {}, statusBadge(inv.status), ' ', badge('profile', inv.validationProfile), ' ',
      inv.invoiceFormat ? badge('format', inv.invoiceFormat) : null, inv.sandbox ? [' ', badge('sandbox', 'sandbox')] : null,
      h('span', { class: 'muted' }, `  received ${when(inv.createdAt)}`)),
    h('p', { class: `verdict ${r.valid ? 'ok' : 'bad'}` }, r.valid ? 'Valid' : `Not valid: ${r.errors.filter((f) => f.severity === 'ERROR').length} errors, schema check ${k.valid ? 'passed' : 'failed'}`),
    h('div', { class: 'row' }, dl(`/invoices/${id}/download`, `${c.invoiceNumber || id}.pdf`, 'Download PDF'), dl(`/invoices/${id}/download/idoc`, `${c.invoiceNumber || id}.idoc.xml`, 'Download IDoc'),
      validated ? null : h('span', { class: 'muted' }, 'Only a valid invoice can be downloaded.')),
    alertBox,
    fieldsToCheck(inv),
    h('h2', {}, 'Invoice data'),
    h('div', { class: 'grid' },
      h('div', { class: 'panel' }, h('h3', {}, 'Document'), h('dl', {},
        h('dt', {}, 'Number'), h('dd', {}, c.invoiceNumber || '—'),
        h('dt', {}, 'Type'), h('dd', {}, c.typeCode || '—'),
        h('dt', {}, 'Issue date'), h('dd', {}, c.issueDate || '—'),
        h('dt', {}, 'Due date'), h('dd', {}, c.dueDate || '—'),
        h('dt', {}, 'Currency'), h('dd', {}, c.currency || '—'),
        h('dt', {}, 'Buyer reference'), h('dd', {}, c.buyerReference || '—'))),
      party('Seller', c.supplier), party('Buyer', c.buyer), totals(c)),
    h('h3', {}, 'Lines'), lines(c),
    h('h2', {}, `Findings (${r.errors.length})`),
    groupedFindings(r.errors),
    h('h2', {}, 'kositResult'),
    h('p', {}, k.valid ? badge('ok', 'schema valid') : badge('bad', 'schema invalid'), ` ${k.errors.length} findings of the schema check`),
    k.errors.length ? h('ul', { class: 'plain' }, k.errors.map(finding)) : null);
}

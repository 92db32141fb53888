// "Fields to check" of an extracted invoice (invoiceFormat PDF_EXTRACTED): every field the
// extractor read, from the invoice's `extraction` object (docs/api.md "Extracted invoices"),
// with its value, confidence, page and note. The doubtful ones (under 50 %) come first and
// are marked, so the clerk compares those with the document before anything else. Every text
// comes from the upload and goes in through h() (textContent), as everywhere in the page.
import { h, badge, amount } from './ui.js';

const LOW = 0.5;   // the extractor's own threshold of EXTRACTION-LOW-CONFIDENCE (docs/extraction.md)

const NAMES = {
  '/invoiceNumber': 'Invoice number', '/typeCode': 'Type', '/issueDate': 'Issue date', '/dueDate': 'Due date',
  '/currency': 'Currency', '/buyerReference': 'Buyer reference',
  '/supplier/name': 'Seller name', '/supplier/vatId': 'Seller VAT id', '/supplier/address': 'Seller address',
  '/buyer/name': 'Buyer name', '/buyer/vatId': 'Buyer VAT id', '/buyer/address': 'Buyer address',
  '/payment/creditTransfers/0/accountId': 'IBAN',
  '/totals/lineNetAmount': 'Sum of lines', '/totals/allowanceTotal': 'Allowances', '/totals/chargeTotal': 'Charges',
  '/totals/taxExclusiveAmount': 'Total without VAT', '/totals/taxAmount': 'VAT', '/totals/taxInclusiveAmount': 'Total with VAT',
  '/totals/prepaidAmount': 'Paid in advance', '/totals/roundingAmount': 'Rounding', '/totals/payableAmount': 'Amount due',
};

// The value a JSON pointer (RFC 6901) names in the canonical invoice, or undefined.
function at(doc, pointer) {
  let v = doc;
  for (const raw of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

function label(pointer) {
  const line = /^\/lines\/(\d+)$/.exec(pointer);
  return NAMES[pointer] || (line ? `Line ${Number(line[1]) + 1}` : pointer);
}

// A short reading of the value: text as written, an amount with the currency, a line by its
// description and net amount, an address on one line.
function shown(v, pointer, c) {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'object') return pointer.startsWith('/totals/') ? amount(v, c.currency) : String(v);
  const join = (parts, sep) => parts.filter(Boolean).join(sep) || '—';
  if (/^\/lines\/\d+$/.test(pointer)) {
    return join([v.description || v.name, v.netAmount !== undefined ? amount(v.netAmount, c.currency) : null], ' · ');
  }
  if (pointer.endsWith('/address')) {
    return join([v.line1, v.line2, [v.postalCode, v.city].filter(Boolean).join(' '), v.countryCode], ', ');
  }
  return Object.values(v).filter((x) => x !== null && typeof x !== 'object').join(', ') || '—';
}

// Rounded down, so a field under the threshold never reads as 50 % (0.499 is 49 %); the
// epsilon keeps 0.29 from reading 28 % through binary floating point.
function percent(c) {
  return `${Math.floor(c * 100 + 1e-9)} %`;
}

// The panel of an extracted invoice, or null for any other (or one stored before extraction
// objects were kept: `extraction` null).
export function fieldsToCheck(inv) {
  const x = inv.extraction;
  if (inv.invoiceFormat !== 'PDF_EXTRACTED' || !x || typeof x.fields !== 'object' || x.fields === null) return null;
  const c = inv.canonicalJson || {};
  // numbers arrive as their JSON text (the page reads invoices with rawNumbers); a confidence
  // is no amount, so it may go through a float
  const fields = Object.entries(x.fields).filter(([, f]) => f && typeof f === 'object')
    .map(([pointer, f], order) => ({ pointer, f, order, conf: Number(f.confidence) }))
    .filter((e) => Number.isFinite(e.conf));
  const low = fields.filter((e) => e.conf < LOW).sort((a, b) => a.conf - b.conf || a.order - b.order);
  const rest = fields.filter((e) => e.conf >= LOW);
  const ocr = Number(x.ocrPages) || 0;
  const pages = Number(x.pages) || 0;
  const intro = h('p', {},
    `Read with the ${x.tier === 'ACCURATE' ? 'ACCURATE' : 'FAST'} tier from ${pages} page${pages === 1 ? '' : 's'}`,
    ocr ? ` (${ocr} by OCR)` : '', '. ',
    low.length
      ? `${low.length} of ${fields.length} fields were read with a confidence under ${percent(LOW)}: `
        + 'they are listed first; compare them with the document.'
      : `All ${fields.length} fields were read with a confidence of ${percent(LOW)} or more.`);
  const row = (e) => h('tr', { class: e.conf < LOW ? 'low' : null },
    h('th', { scope: 'row' }, label(e.pointer), ' ', h('code', { class: 'muted' }, e.pointer)),
    h('td', {}, shown(at(c, e.pointer), e.pointer, c)),
    h('td', { class: 'num' }, e.conf < LOW ? [badge('WARNING', 'check'), ' '] : null, percent(e.conf)),
    h('td', { class: 'num' }, e.f.page ? String(e.f.page) : '—'),
    h('td', {}, e.f.note || ''));
  return h('section', { id: 'fields-to-check', 'aria-labelledby': 'fields-to-check-title' },
    h('h2', { id: 'fields-to-check-title' }, 'Fields to check'),
    intro,
    fields.length
      ? h('table', {}, h('caption', { class: 'sr-only' }, 'Extracted fields, the least certain first'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Field'), h('th', { scope: 'col' }, 'Read as'),
          h('th', { scope: 'col', class: 'num' }, 'Confidence'), h('th', { scope: 'col', class: 'num' }, 'Page'),
          h('th', { scope: 'col' }, 'Note'))),
        h('tbody', {}, [...low, ...rest].map(row)))
      : h('p', { class: 'notice' }, 'No field could be read from the document.'));
}

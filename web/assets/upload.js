// Upload: a file (drag and drop or picker), the profile, and the endpoint that fits the file:
// UBL/CII/Factur-X -> /invoices/validate, IDoc -> /invoices/validate/idoc, OData JSON ->
// /invoices/validate/odata, canonical JSON -> /invoices, a PDF without embedded XML ->
// /invoices/extract with a tier. Progress while uploading and while processing, then the verdict.
import { api, upload, ApiError } from './api.js';
import { h, show, errorBox, announce, statusBadge } from './ui.js';
import * as drafts from './drafts.js';

// The profiles of a full install (API.md); Pro ones are marked.
export const PROFILES = [
  ['EN16931', false], ['PEPPOL', false], ['XRECHNUNG', true], ['FRANCE', true], ['ITALY', true],
];

// Bytes as text, one character each (only ASCII markers are searched); one call even for a
// 20 MB PDF.
function ascii(bytes) {
  return new TextDecoder('latin1').decode(bytes);
}

// What the file is, from its content (the server checks again: this only picks the endpoint).
export async function detect(file) {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const start = ascii(head).replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (start.startsWith('%PDF-')) {
    const all = ascii(new Uint8Array(await file.arrayBuffer()));
    const hybrid = /\/EmbeddedFiles|factur-x\.xml|zugferd-invoice\.xml|xrechnung\.xml|ZUGFeRD-invoice\.xml/i.test(all);
    return hybrid ? { kind: 'facturx', label: 'Factur-X / ZUGFeRD PDF', path: '/invoices/validate' }
      : { kind: 'pdf', label: 'plain PDF (fields are extracted)', path: '/invoices/extract' };
  }
  if (start.startsWith('<')) {
    const root = (start.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '').trimStart().match(/^<([A-Za-z_][\w.:-]*)/) || [])[1] || '';
    const local = root.split(':').pop();
    if (/^(INVOIC0\d|IDOC)$/i.test(local) || /<IDOC[\s>]/.test(start)) return { kind: 'idoc', label: 'SAP IDoc INVOIC02', path: '/invoices/validate/idoc' };
    if (local === 'CrossIndustryInvoice') return { kind: 'cii', label: 'UN/CEFACT CII', path: '/invoices/validate' };
    if (local === 'Invoice' || local === 'CreditNote') return { kind: 'ubl', label: `UBL ${local}`, path: '/invoices/validate' };
    return { kind: 'xml', label: `XML (${local || 'unknown root'})`, path: '/invoices/validate' };
  }
  if (start.startsWith('{')) {
    let doc = null;
    try { doc = JSON.parse(await file.text()); } catch { /* the server says why */ }
    const e = doc && (doc.d || doc);
    if (e && (e.SupplierInvoice !== undefined || e.__metadata || e.InvoicingParty !== undefined || e.to_SuplrInvcItemPurOrdRef || e.DocumentCurrency !== undefined)) {
      return { kind: 'odata', label: 'SAP OData SupplierInvoice JSON', path: '/invoices/validate/odata' };
    }
    return { kind: 'json', label: 'canonical invoice JSON', path: '/invoices' };
  }
  return { kind: 'unknown', label: 'unknown content (the server decides)', path: '/invoices/validate' };
}

async function send(file, kind, profile, tier, onProgress) {
  if (kind.kind === 'odata') {
    return upload(kind.path, { query: { profile }, body: file, contentType: 'application/json' }, onProgress);
  }
  if (kind.kind === 'json') {
    // the canonical model names its own profile; the selector's choice wins
    let doc;
    try { doc = JSON.parse(await file.text()); } catch { doc = null; }
    if (!doc || typeof doc !== 'object') return upload(kind.path, { body: file, contentType: 'application/json' }, onProgress);
    doc.validationProfile = profile;
    return upload(kind.path, { body: JSON.stringify(doc), contentType: 'application/json' }, onProgress);
  }
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('profile', profile);
  if (kind.kind === 'pdf') form.append('tier', tier);
  return upload(kind.path, { form }, onProgress);
}

function explain(e) {
  const msg = (e.body && e.body.message) || e.message;
  if (e.status === 501) return `This server cannot do that (HTTP 501 Not Implemented): ${msg}`;
  if (e.status === 403) return `${msg} — upgrade to Pro under Settings → Plan.`;
  if (e.status === 429) return `Monthly quota reached: ${msg}`;
  if (e.status === 413) return `The file is too large: ${msg}`;
  return `The invoice was not accepted (HTTP ${e.status}): ${msg}`;
}

export function uploadPage(account) {
  const route = '#/upload';
  let file = null;
  let kind = null;
  const pro = account && account.plan === 'PRO';
  const fileInput = h('input', { type: 'file', id: 'file', accept: '.xml,.pdf,.json,application/xml,text/xml,application/pdf,application/json' });
  const chosen = h('p', { id: 'chosen', class: 'muted' }, 'No file chosen yet.');
  const profile = h('select', { id: 'profile', name: 'profile' },
    PROFILES.map(([name, needsPro]) => h('option', { value: name }, needsPro ? `${name} (Pro${pro ? '' : ' plan needed'})` : name)));
  const tier = h('select', { id: 'tier' }, h('option', { value: 'FAST' }, 'FAST'), h('option', { value: 'ACCURATE' }, `ACCURATE (Pro${pro ? '' : ' plan needed'})`));
  const tierField = h('div', { class: 'field', hidden: true }, h('label', { for: 'tier' }, 'Extraction tier'), tier);
  const progress = h('div', { id: 'progress' });
  const result = h('div', { id: 'result' });
  const submit = h('button', { type: 'submit' }, 'Validate');

  async function choose(f) {
    file = f;
    result.replaceChildren();
    if (!f) { chosen.textContent = 'No file chosen yet.'; return; }
    kind = await detect(f);
    chosen.textContent = `${f.name} (${f.size.toLocaleString()} bytes): ${kind.label} → POST /api/v1${kind.path}`;
    tierField.hidden = kind.kind !== 'pdf';
    announce(`Chosen: ${f.name}, ${kind.label}`);
  }

  fileInput.addEventListener('change', () => choose(fileInput.files[0] || null));
  const drop = h('div', { class: 'drop', id: 'drop' },
    h('p', {}, 'Drag an invoice file here, or choose one:'),
    h('div', { class: 'field' }, h('label', { for: 'file' }, 'Invoice file'), fileInput), chosen);
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer.files[0]) choose(e.dataTransfer.files[0]);
  });

  drafts.register(route, async () => ({ profile: profile.value, tier: tier.value, file: await drafts.fileToDraft(file) }));

  const form = h('form', {
    onsubmit: async (e) => {
      e.preventDefault();
      result.replaceChildren();
      if (!file) { result.replaceChildren(errorBox('Choose a file first.')); fileInput.focus(); return; }
      submit.disabled = true;
      const bar = h('progress', { max: '100', value: '0', 'aria-label': 'Upload progress' });
      progress.replaceChildren(h('p', {}, 'Uploading… '), bar);
      try {
        const accepted = await send(file, kind, profile.value, tier.value, (f) => { bar.value = Math.round(f * 100); });
        progress.replaceChildren(h('p', {}, 'Processing… '), h('progress', { 'aria-label': 'Processing' }));
        announce('File sent; processing');
        let inv;
        for (let i = 0; i < 240; i++) {
          inv = await api('GET', `/invoices/${accepted.id}`);
          if (inv.status !== 'processing') break;
          await new Promise((r) => setTimeout(r, 500));
        }
        progress.replaceChildren();
        const r = inv.validationResult;
        const errors = r ? r.errors.filter((f) => f.severity === 'ERROR').length : 0;
        const verdict = inv.status === 'validated' ? 'Valid' : inv.status === 'processing' ? 'Still processing' : `Not valid: ${errors} errors`;
        result.replaceChildren(
          h('p', { class: `verdict ${inv.status === 'validated' ? 'ok' : 'bad'}`, role: 'status' }, verdict),
          h('p', {}, statusBadge(inv.status), ` ${inv.validationProfile} · ${inv.invoiceFormat || '?'} · `,
            h('a', { href: `#/invoices/${inv.id}` }, inv.status === 'validated' ? 'Open the invoice' : 'Open the findings')));
        announce(verdict);
      } catch (e2) {
        progress.replaceChildren();
        result.replaceChildren(errorBox(e2 instanceof ApiError ? explain(e2) : `Upload failed: ${e2.message}`));
      } finally {
        submit.disabled = false;
      }
    },
  },
  drop,
  h('div', { class: 'row' }, h('div', { class: 'field' }, h('label', { for: 'profile' }, 'Profile'), profile), tierField),
  h('p', {}, submit), progress, result);

  show('Upload', h('h1', {}, 'Send an invoice'),
    h('p', { class: 'muted' }, 'UBL, CII, Factur-X/ZUGFeRD PDF, SAP IDoc, SAP OData JSON, canonical JSON, or a plain PDF to extract.'), form);

  const saved = drafts.take(route);
  if (saved) {
    profile.value = saved.profile;
    tier.value = saved.tier;
    if (saved.file) choose(drafts.draftToFile(saved.file));
    result.replaceChildren(h('p', { class: 'notice' }, 'You were signed in again; your choices were kept.'));
  }
}

// Calls to the service's own /api/v1 endpoints with the ID token as Bearer (no second API).
// A 401 means the token expired or was refused: the page saves its work (drafts.js) and goes
// back through sign-in, then returns to where the user was.
import { token } from './oidc.js';

let onUnauthorized = () => {};

export function setUnauthorizedHandler(fn) { onUnauthorized = fn; }

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

// Numbers as written by the server (amounts keep their decimals: "252.00" stays so, and no
// amount passes through binary floating point); needs JSON.parse source text access.
function keepNumberText(key, value, context) {
  return typeof value === 'number' && context && typeof context.source === 'string' ? context.source : value;
}

async function parse(res, rawNumbers) {
  const type = res.headers.get('Content-Type') || '';
  if (res.status === 204) return null;
  if (type.includes('json')) {
    const text = await res.text();
    try { return JSON.parse(text, rawNumbers ? keepNumberText : undefined); } catch { return null; }
  }
  return res.blob();
}

// api('GET', '/invoices', {query: {page: 0}}) -> parsed body; throws ApiError on >= 400.
export async function api(method, path, { query, json, body, headers, rawNumbers } = {}) {
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query || {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, v);
  const h = { Accept: 'application/json', ...(headers || {}) };
  const t = token();
  if (t) h.Authorization = `Bearer ${t}`;
  let payload = body;
  if (json !== undefined) { h['Content-Type'] = 'application/json'; payload = JSON.stringify(json); }
  const res = await fetch(url, { method, headers: h, body: payload, cache: 'no-store' });
  const data = await parse(res, rawNumbers);
  if (res.status === 401) onUnauthorized(data);
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// An upload with progress events (fetch has none for request bodies). onProgress(fraction).
export function upload(path, { query, form, body, contentType }, onProgress) {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/v1${path}`, window.location.origin);
    for (const [k, v] of Object.entries(query || {})) if (v) url.searchParams.set(k, v);
    const x = new XMLHttpRequest();
    x.open('POST', url);
    x.setRequestHeader('Accept', 'application/json');
    const t = token();
    if (t) x.setRequestHeader('Authorization', `Bearer ${t}`);
    if (contentType) x.setRequestHeader('Content-Type', contentType);
    x.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    x.onerror = () => reject(new ApiError(0, { message: 'The server could not be reached' }));
    x.onload = () => {
      let data = null;
      try { data = JSON.parse(x.responseText); } catch { /* not JSON */ }
      if (x.status === 401) onUnauthorized(data);
      if (x.status >= 400) reject(new ApiError(x.status, data));
      else resolve(data);
    };
    x.send(form || body);
  });
}

// Fetch a download with the Bearer token and hand it to the browser as a file.
export async function download(path, filename) {
  const blob = await api('GET', path, { headers: { Accept: '*/*' } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

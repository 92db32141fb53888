// Work in progress survives a new sign-in (an expired token): before leaving for the
// provider, the current page's form values (and a selected file up to 3 MB) go into
// sessionStorage; the page takes them back when it is shown again after sign-in.
const KEY = 'einv.draft';
const FILE_MAX = 3 * 1024 * 1024;

let current = null;     // {route, save: async () => object}

export function register(route, save) { current = { route, save }; }
export function clear() { current = null; }

export async function saveCurrent() {
  if (!current) return;
  try {
    const data = await current.save();
    sessionStorage.setItem(KEY, JSON.stringify({ route: current.route, data }));
  } catch { /* too large for sessionStorage: the route is still restored */ }
}

// The saved draft of route (removed once taken), or null.
export function take(route) {
  const d = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  if (!d || d.route !== route) return null;
  sessionStorage.removeItem(KEY);
  return d.data;
}

export async function fileToDraft(file) {
  if (!file || file.size > FILE_MAX) return null;
  const buf = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return { name: file.name, type: file.type, data: btoa(s) };
}

export function draftToFile(d) {
  if (!d) return null;
  const bin = atob(d.data);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new File([bytes], d.name, { type: d.type });
}

// The one door to the REST API (/api/v1, contract in Sources/CampusCalAPI/OpenAPI/openapi.json).
//
// Every call sends the bearer token, turns RFC 9457 problems into ApiError (with the server's
// `detail` sentence, `code` and per-field `errors`), ends the session on 401, and waits out
// `503 overloaded` the way the API asks (Retry-After, then try again).

import { session } from './session.js';

export class ApiError extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || 'Something went wrong.');
    this.problem = problem;
    this.status = problem.status || 0;
    this.code = problem.code || '';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Query string from an object, leaving out null/undefined/'' values. */
export function qs(query) {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v != null && v !== '') p.append(k, String(v));
  const s = p.toString();
  return s ? '?' + s : '';
}

/** Path segment, escaped (ids and occurrence ids hold ':' and '+'). */
export const seg = (s) => encodeURIComponent(s);

/**
 * One request. Returns { data, etag, status, response }.
 * Options: body (JSON), query, etag (sent as If-Match), auth (false for login/register: their 401
 * is a wrong password, not an ended session), signal, accept, raw (return the Response unread).
 */
export async function request(method, path, opts = {}) {
  const headers = { Accept: opts.accept || 'application/json' };
  const token = session.token;
  if (token && opts.auth !== false) headers.Authorization = 'Bearer ' + token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.etag) headers['If-Match'] = opts.etag;
  const init = { method, headers, signal: opts.signal, cache: 'no-store' };
  if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
  const url = path + qs(opts.query);

  for (let attempt = 0; ; attempt++) {
    let res;
    try {
      res = await fetch(url, init);
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new ApiError({ title: 'Network error', status: 0, code: 'network',
        detail: 'CampusCal could not be reached. Check your connection and try again.' });
    }
    if (res.status === 503 && attempt < 2) {
      const wait = Number(res.headers.get('Retry-After')) || 1;
      await sleep(Math.min(wait, 5) * 1000);
      continue;
    }
    if (res.status === 401 && opts.auth !== false) session.end('expired');
    if (opts.raw && res.ok) return { response: res, status: res.status, etag: res.headers.get('ETag') };
    const type = res.headers.get('Content-Type') || '';
    let data = null;
    if (res.status !== 204 && res.status !== 304) {
      data = type.includes('json') ? await res.json().catch(() => null) : await res.text();
    }
    if (!res.ok) {
      const problem = data && typeof data === 'object' ? data
        : { title: res.statusText, status: res.status, detail: `The server answered ${res.status} ${res.statusText}.` };
      throw new ApiError(problem);
    }
    return { data, etag: res.headers.get('ETag'), status: res.status, response: res };
  }
}

export const get = async (path, query, opts = {}) => (await request('GET', path, { ...opts, query })).data;
export const post = async (path, body, opts = {}) => (await request('POST', path, { ...opts, body })).data;
export const patch = async (path, body, opts = {}) => (await request('PATCH', path, { ...opts, body })).data;
export const del = async (path, opts = {}) => (await request('DELETE', path, opts)).data;

/** Every item of a cursor-paged list (`items`, `nextCursor`), up to `max`. */
export async function getAll(path, query = {}, max = 1000) {
  const items = [];
  let cursor = null;
  do {
    const page = await get(path, { ...query, limit: 200, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length < max);
  return items;
}

/** Download a file the API answers with (export, ZIP): needs the token, so no plain link. */
export async function download(path, query, fallbackName) {
  const { response } = await request('GET', path, { query, raw: true, accept: '*/*' });
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') || '';
  const m = /filename="?([^";]+)"?/.exec(disposition);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = m ? m[1] : fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

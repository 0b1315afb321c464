// Hash routes (#/day/2026-12-04?x=1): the server serves one page at "/", so every view lives in
// the fragment, which is never sent to the server. Parsing is pure so it can be checked under node.

/** Route patterns, first match wins; ":name" takes one path segment. */
export const ROUTES = [
  ['login', '/login'], ['register', '/register'], ['welcome', '/welcome'],
  ['month', '/month'], ['month', '/month/:month'],
  ['week', '/week'], ['week', '/week/:date'],
  ['day', '/day'], ['day', '/day/:date'],
  ['semester', '/semester'], ['semester', '/semester/:month'],
  ['tasks', '/tasks'], ['todo', '/todo'], ['agenda', '/agenda'],
  ['invitations', '/invitations'], ['groups', '/groups'], ['group', '/groups/:id'],
  ['shares', '/shares'], ['settings', '/settings'],
  ['admin-users', '/admin/users'], ['admin-plugins', '/admin/plugins'],
  ['admin-notices', '/admin/notices'], ['admin-disclosures', '/admin/disclosures'],
];

/** Routes that work without a session. */
export const PUBLIC = new Set(['login', 'register']);

/**
 * "#/groups/g1?tab=chat" → { name: 'group', params: { id: 'g1' }, query: { tab: 'chat' }, path }.
 * An empty hash is the month view; a hash that is not a route ("#main", from the skip link) is null.
 */
export function parseHash(hash) {
  let s = (hash || '').replace(/^#/, '');
  if (s === '' || s === '/') s = '/month';
  if (!s.startsWith('/')) return null;
  const q = s.indexOf('?');
  const path = q < 0 ? s : s.slice(0, q);
  const query = Object.fromEntries(new URLSearchParams(q < 0 ? '' : s.slice(q + 1)));
  const parts = path.split('/').filter(Boolean);
  for (const [name, pattern] of ROUTES) {
    const pp = pattern.split('/').filter(Boolean);
    if (pp.length !== parts.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < pp.length && ok; i++) {
      if (pp[i].startsWith(':')) {
        try { params[pp[i].slice(1)] = decodeURIComponent(parts[i]); } catch { ok = false; }
      } else ok = pp[i] === parts[i];
    }
    if (ok) return { name, params, query, path };
  }
  return { name: 'notfound', params: {}, query, path };
}

/** The hash for a route path and query ("/day/2026-12-04", {…}). */
export function href(path, query) {
  const qs = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => v != null && v !== '')).toString() : '';
  return '#' + path + (qs ? '?' + qs : '');
}

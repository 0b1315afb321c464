// Entry point: wires the page shell (header, nav, inbox, logout) and shows the view the hash
// names. Views are loaded on first use (dynamic import, same origin, so the CSP allows it): the
// first load of the month view fetches only the modules it needs.

import { session } from './session.js';
import { get, post } from './api.js';
import { parseHash, PUBLIC } from './router.js';
import { h } from './dom.js';
import { showProblem } from './problem.js';
import { startNotices, stopNotices, openInbox } from './notifications.js';
import { forget } from './store.js';
import { fmtDateTime } from './dates.js';

const views = {
  login: () => import('./views/login.js'),
  register: () => import('./views/register.js'),
  welcome: () => import('./views/welcome.js'),
  month: () => import('./views/month.js'),
  week: () => import('./views/week.js'),
  day: () => import('./views/day.js'),
  semester: () => import('./views/semester.js'),
  tasks: () => import('./views/tasks.js'),
  todo: () => import('./views/todo.js'),
  agenda: () => import('./views/agenda.js'),
  invitations: () => import('./views/invitations.js'),
  groups: () => import('./views/groups.js'),
  group: () => import('./views/group.js'),
  shares: () => import('./views/shares.js'),
  settings: () => import('./views/settings.js'),
  'admin-users': () => import('./views/admin-users.js'),
  'admin-plugins': () => import('./views/admin-plugins.js'),
  'admin-notices': () => import('./views/admin-notices.js'),
  'admin-disclosures': () => import('./views/admin-disclosures.js'),
};

const TITLES = {
  login: 'Log in', register: 'Create an account', welcome: 'Welcome', month: 'Month', week: 'Week', day: 'Day',
  semester: 'Semester', tasks: 'Tasks', todo: 'To-do', agenda: 'Agenda', invitations: 'Invitations', groups: 'Groups',
  group: 'Group', shares: 'Sharing', settings: 'Settings', 'admin-users': 'Users', 'admin-plugins': 'Plugins',
  'admin-notices': 'Maintenance notices', 'admin-disclosures': 'Disclosure log', notfound: 'Not found',
};

const $ = (id) => document.getElementById(id);
let current = null;
let firstRender = true;

function updateShell() {
  const signedIn = !!session.token && !!session.user;
  $('session-tools').hidden = !signedIn;
  $('site-nav').hidden = !signedIn;
  $('nav-admin-item').hidden = !session.isAdmin;
  $('who').textContent = signedIn ? session.user.displayName || session.user.username : '';
}

function onSignedIn() {
  updateShell();
  startNotices();
  loadMaintenance();
}

function onSignedOut() {
  stopNotices();
  forget();
  updateShell();
  $('maintenance').hidden = true;
}

/** Planned downtime, shown to everyone in the header until it ends. */
async function loadMaintenance() {
  const box = $('maintenance');
  try {
    const { items } = await get('/api/v1/maintenance-notices');
    const tz = session.tz;
    box.replaceChildren(...items.map((n) => h('p', { class: n.urgent ? 'urgent' : '' },
      h('strong', null, n.urgent ? 'Urgent maintenance: ' : 'Planned maintenance: '),
      `${n.title} — ${fmtDateTime(n.startsAt, tz)} to ${fmtDateTime(n.endsAt, tz)}. `, n.message)));
    box.hidden = items.length === 0;
  } catch { box.hidden = true; }
}

function markNav(name) {
  const section = name.startsWith('admin-') ? 'admin' : name === 'group' ? 'groups' : name;
  for (const a of document.querySelectorAll('#site-nav a')) {
    if (a.dataset.testid === 'nav-' + section) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

function setMenu(open) {
  $('site-nav').classList.toggle('open', open);
  $('menu-button').setAttribute('aria-expanded', String(open));
}

async function route() {
  const r = parseHash(location.hash);
  if (!r) return; // "#main" from the skip link: not a route
  if (!session.token && !PUBLIC.has(r.name)) {
    if (r.name !== 'login') sessionStorage.setItem('campuscal.next', location.hash);
    location.replace('#/login');
    return;
  }
  if (session.token && PUBLIC.has(r.name)) { location.replace('#/month'); return; }

  const moveFocus = !firstRender;
  firstRender = false;
  if (current) current.abort();
  const ctrl = (current = new AbortController());
  markNav(r.name);
  setMenu(false);
  document.title = `${TITLES[r.name] || 'CampusCal'} · CampusCal`;
  const root = h('div', { class: 'view view-' + r.name });
  $('main').replaceChildren(root);
  const ctx = { ...r, signal: ctrl.signal, tz: session.tz, user: session.user };
  try {
    if (r.name.startsWith('admin-') && !session.isAdmin) {
      root.append(h('h1', null, 'Administration'), h('p', { role: 'alert', class: 'problem', testid: 'problem-message' }, 'Only administrators can open this page.'));
      return;
    }
    const load = views[r.name];
    if (!load) {
      root.append(h('h1', null, 'Page not found'), h('p', null, 'There is no page here. ', h('a', { href: '#/month' }, 'Go to your calendar.')));
      return;
    }
    const mod = await load();
    if (ctrl.signal.aborted) return;
    const done = mod.render(root, ctx);
    if (moveFocus) focusHeading(root);
    await done;
  } catch (e) {
    if (!ctrl.signal.aborted) showProblem(root, e);
  } finally {
    if (moveFocus) focusHeading(root);
  }
}

// After a route change, focus moves to the new view's heading so screen readers announce it
// and Tab continues from there (not on the first load: the skip link comes first then).
function focusHeading(root) {
  const h1 = root.querySelector('h1');
  if (h1 && !root.dataset.focused && !root.contains(document.activeElement)) {
    root.dataset.focused = '1';
    h1.tabIndex = -1;
    h1.focus({ preventScroll: true });
  }
}

async function boot() {
  $('skip-link').addEventListener('click', (e) => { e.preventDefault(); $('main').focus(); });
  $('notices-button').addEventListener('click', openInbox);
  $('menu-button').addEventListener('click', () => setMenu(!$('site-nav').classList.contains('open')));
  $('logout').addEventListener('click', async () => {
    // Before the session ends: the server's record of this browser is deleted with the token.
    await import('./components/push.js').then((m) => m.forgetThisBrowser());
    try { await post('/api/v1/auth/logout'); } catch { /* the session ends here either way */ }
    session.end('logout');
  });
  session.on((kind, reason) => {
    if (kind === 'login') onSignedIn();
    else if (kind === 'user') updateShell();
    else if (kind === 'logout') {
      onSignedOut();
      if (reason === 'expired') sessionStorage.setItem('campuscal.expired', '1');
      location.hash = '#/login';
    }
  });
  if (session.token) {
    try {
      session.setUser(await get('/api/v1/me'));
      onSignedIn();
    } catch { /* 401 has ended the session; anything else: the login page explains */ }
  }
  window.addEventListener('campuscal:notice', (e) => { if (e.detail.kind === 'maintenance') loadMaintenance(); });
  window.addEventListener('hashchange', route);
  route();
}

boot();

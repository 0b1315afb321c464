// Connecting an LMS: the consent it needs first ('ilearn-sync'), the connect form
// (POST /api/v1/lms/connections: kind + baseUrl for Brightspace/Canvas, which then sign in at the
// LMS through authorizationUrl; baseUrl + token, or username + password, for Moodle; feedUrl for a
// calendar feed), and each connection's health with Sync now (POST …/{id}/sync), sign in again
// (POST …/{id}/authorize) and disconnect (DELETE …/{id}?keepData=).

import { get, post, del, seg } from '../api.js';
import { h, field, select, append } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { choose } from '../dialog.js';
import { announce } from '../live.js';
import { fmtDateTime } from '../dates.js';
import { agreementCard, findAgreement } from './consent.js';
import { forget } from '../store.js';

export const KINDS = [['brightspace', 'I-Learn (D2L Brightspace)'], ['canvas', 'Canvas'], ['moodle', 'Moodle'], ['ics', 'Calendar feed (iCalendar link)']];
const kindName = (k) => (KINDS.find(([v]) => v === k) || [k, k])[1];
const STATUS = { active: 'Connected', 'awaiting-authorization': 'Waiting for you to sign in at the LMS', 'needs-reconnect': 'The LMS refused the sign-in: sign in again' };

export function lmsPanel(ctx) {
  const wrap = h('div', { class: 'lms' });
  const consent = h('div', { class: 'lms-consent' });
  const list = h('ul', { class: 'items', testid: 'lms-connections' });
  wrap.append(consent, connectForm(() => load()), h('h3', null, 'Your connections'), list);

  async function loadConsent() {
    try {
      const a = await findAgreement('ilearn-sync');
      consent.replaceChildren(...(a ? [h('p', null, 'Before CampusCal imports anything from your LMS, read what is shared and agree:'), agreementCard(a, loadConsent)] : []));
    } catch (e) { showProblem(consent, e); }
  }

  function report(r) {
    if (!r) return null;
    return h('p', { class: 'muted', testid: 'lms-report' }, `Last sync ${fmtDateTime(r.finishedAt, ctx.tz)}: ${r.added} added, ${r.updated} updated, ${r.removed} removed, ${r.unchanged} unchanged`,
      r.failed ? `, ${r.failed} failed` : '', r.complete ? '.' : ' (incomplete).',
      r.problems.length ? h('ul', null, r.problems.map((p) => h('li', null, `${p.scope}: ${p.message}`))) : null);
  }

  function item(c) {
    const li = h('li', { class: 'item', testid: 'lms-connection', 'data-connection-id': c.id });
    const health = h('p', { class: 'status-' + c.status, testid: 'lms-status' }, STATUS[c.status] || c.status, c.statusReason ? ` — ${c.statusReason}` : '',
      c.syncing ? ' · a sync is running' : '');
    const reportEl = h('div', null, report(c.lastReport));
    const sync = h('button', { type: 'button', testid: 'lms-sync', onclick: () => attempt(li, async () => {
      sync.disabled = true;
      sync.textContent = 'Syncing…';
      try {
        const r = await post(`/api/v1/lms/connections/${seg(c.id)}/sync`);
        reportEl.replaceChildren(report(r));
        forget();
        window.dispatchEvent(new CustomEvent('campuscal:tasks-changed'));
        announce(`Sync finished: ${r.added} added, ${r.updated} updated.`);
      } finally { sync.disabled = false; sync.textContent = 'Sync now'; }
    }) }, 'Sync now');
    const signIn = (c.kind === 'brightspace' || c.kind === 'canvas') && c.status !== 'active' && h('button', { type: 'button', class: 'secondary', testid: 'lms-authorize',
      onclick: () => attempt(li, async () => {
        const url = c.status === 'awaiting-authorization' && c.authorizationUrl ? c.authorizationUrl
          : (await post(`/api/v1/lms/connections/${seg(c.id)}/authorize`)).authorizationUrl;
        location.assign(url);
      }) }, 'Sign in at the LMS');
    const remove = h('button', { type: 'button', class: 'danger', onclick: async () => {
      const keep = await choose('Disconnect?', 'Keep what was imported (assignments and the calendar), or delete it too?',
        [['true', 'Disconnect, keep the data', ''], ['false', 'Disconnect and delete the data', 'danger']]);
      if (!keep) return;
      attempt(li, async () => { await del(`/api/v1/lms/connections/${seg(c.id)}`, { query: { keepData: keep } }); forget(); li.remove(); announce('Disconnected.'); });
    } }, 'Disconnect');
    append(li, [h('h4', null, kindName(c.kind), ' ', h('span', { class: 'muted' }, c.baseUrl)), health,
      c.lastSyncAt ? null : h('p', { class: 'muted' }, 'Not synced yet.'), reportEl, h('div', { class: 'actions' }, sync, signIn, remove)]);
    return li;
  }

  async function load() {
    try {
      const { items } = await get('/api/v1/lms/connections');
      list.replaceChildren(...(items.length ? items.map(item) : [h('li', { class: 'muted' }, 'No LMS connected yet.')]));
    } catch (e) { showProblem(list, e); }
  }
  loadConsent();
  load();
  return wrap;
}

function connectForm(onConnected) {
  const kind = select({ name: 'kind', testid: 'lms-kind' }, KINDS, 'brightspace');
  const baseUrl = h('input', { name: 'baseUrl', type: 'url', testid: 'lms-base-url', placeholder: 'https://ilearn.example.edu' });
  const feedUrl = h('input', { name: 'feedUrl', type: 'url', testid: 'lms-feed-url', autocomplete: 'off' });
  const token = h('input', { name: 'token', testid: 'lms-token', autocomplete: 'off', spellcheck: 'false' });
  const username = h('input', { name: 'username', testid: 'lms-username', autocomplete: 'off' });
  const password = h('input', { name: 'password', type: 'password', testid: 'lms-password', autocomplete: 'off' });
  const f = {
    baseUrl: field('LMS address', baseUrl, 'May be left empty when your campus has only one.'),
    feedUrl: field('Calendar feed link', feedUrl, 'The secret iCalendar link from your LMS calendar’s subscribe option.'),
    token: field('Moodle web-service key', token, 'Or leave empty and give your Moodle username and password below (used once, never stored).'),
    username: field('Moodle username', username), password: field('Moodle password', password),
  };
  const next = h('div', { role: 'status' });
  const shown = { brightspace: ['baseUrl'], canvas: ['baseUrl'], moodle: ['baseUrl', 'token', 'username', 'password'], ics: ['feedUrl'] };
  const sync = () => { for (const [k, el] of Object.entries(f)) el.hidden = !shown[kind.value].includes(k); };
  kind.addEventListener('change', sync);
  sync();
  const form = h('form', { class: 'lms-form', testid: 'lms-connect-form' }, h('h3', null, 'Connect your LMS'), field('Your LMS', kind),
    Object.values(f), h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'lms-connect-submit' }, 'Connect')), next);
  onSubmit(form, async () => {
    const body = { kind: kind.value };
    for (const k of shown[kind.value]) {
      const v = { baseUrl, feedUrl, token, username, password }[k].value.trim();
      if (v) body[k] = v;
    }
    const c = await post('/api/v1/lms/connections', body);
    form.reset();
    sync();
    next.replaceChildren(c.authorizationUrl
      ? h('p', null, 'Almost done: ', h('a', { class: 'button', href: c.authorizationUrl, testid: 'lms-authorize-link' }, `sign in at ${kindName(c.kind)}`), ' and approve CampusCal, then come back here and sync.')
      : h('p', null, 'Connected. Use “Sync now” to import your courses and assignments.'));
    onConnected();
  });
  return form;
}

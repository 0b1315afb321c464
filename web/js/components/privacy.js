// Privacy settings (FERPA): every agreement with the student's choice, their disclosure log
// (GET /api/v1/me/disclosures, newest first, paged), the full data export (GET /api/v1/me/export,
// a ZIP fetched with the token) and deleting the account (DELETE /api/v1/me {confirmUsername}).

import { get, del, download } from '../api.js';
import { h, field, section, button, tableWrap } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { openDialog } from '../dialog.js';
import { session } from '../session.js';
import { fmtDateTime } from '../dates.js';
import { agreementCard } from './consent.js';

export function privacySection(ctx) {
  const agreements = h('div', { class: 'agreements' });
  const log = h('tbody');
  let cursor = null;
  const more = button('Show older', () => loadLog(), { class: 'secondary small', hidden: true });

  async function loadAgreements() {
    try {
      const { items } = await get('/api/v1/agreements');
      agreements.replaceChildren(...(items.length ? items.map((a) => agreementCard(a, loadAgreements)) : [h('p', { class: 'muted' }, 'There are no agreements to decide on.')]));
    } catch (e) { showProblem(agreements, e); }
  }
  async function loadLog() {
    try {
      const page = await get('/api/v1/me/disclosures', { limit: 25, cursor });
      log.append(...page.items.map((d) => h('tr', null, h('td', null, fmtDateTime(d.disclosedAt, ctx.tz)), h('td', null, d.recipient),
        h('td', null, d.purpose), h('td', null, d.categories.join(', ')), h('td', null, d.basis === 'legal' && d.legalBasis ? `legal: ${d.legalBasis}` : d.basis),
        h('td', null, String(d.recordCount)))));
      if (!log.children.length) log.append(h('tr', null, h('td', { colspan: 6 }, 'Nothing of yours has been disclosed to anyone.')));
      cursor = page.nextCursor;
      more.hidden = !cursor;
    } catch (e) { showProblem(log.closest('section'), e); }
  }

  const exportBtn = button('Download all my data (ZIP)', (e) => attempt(e.target.parentElement, async () => {
    e.target.disabled = true;
    try { await download('/api/v1/me/export', null, 'campuscal-export.zip'); } finally { e.target.disabled = false; }
  }), { class: 'secondary', testid: 'export-data' });

  const sec = section('Privacy',
    h('h3', null, 'Agreements'), agreements,
    h('h3', null, 'Who received your data'),
    tableWrap('Who received your data', h('table', { class: 'data', testid: 'disclosure-log' },
      h('caption', { class: 'sr-only' }, 'Your disclosure log, newest first'),
      h('thead', null, h('tr', null, ['When', 'Recipient', 'Purpose', 'What', 'Basis', 'Records'].map((t) => h('th', { scope: 'col' }, t)))), log)), more,
    h('h3', null, 'Your data'), h('p', null, 'Everything CampusCal holds about you, with your calendars and tasks as iCalendar files.'), h('div', { class: 'actions' }, exportBtn),
    h('h3', null, 'Delete your account'), h('p', null, 'Your calendars, tasks and messages are deleted; groups you own pass to another member. This cannot be undone.'),
    h('div', { class: 'actions' }, button('Delete my account…', deleteAccount, { class: 'danger', testid: 'delete-account' })));
  loadAgreements();
  loadLog();
  return sec;
}

function deleteAccount() {
  return openDialog('Delete your account?', (d, close) => {
    const name = h('input', { name: 'confirmUsername', required: true, autocomplete: 'off', autocapitalize: 'none', testid: 'delete-confirm-username' });
    const form = h('form', null, h('p', null, 'This deletes everything that is yours alone, at once and for good.'),
      field(`Type your username (${session.user ? session.user.username : ''}) to confirm`, name),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'danger', testid: 'delete-confirm' }, 'Delete my account for good'),
        button('Keep my account', () => close(), { class: 'secondary' })));
    onSubmit(form, async () => {
      await del('/api/v1/me', { body: { confirmUsername: name.value.trim() } });
      close();
      session.end('deleted');
    });
    d.append(form);
  });
}

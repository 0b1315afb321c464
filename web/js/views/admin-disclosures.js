// #/admin/disclosures: everyone's disclosure log (GET /api/v1/admin/disclosures, newest first,
// `userId` narrows it to one person), and a person's data export on their request
// (GET /api/v1/admin/users/{id}/export?reason=…, recorded in their log).

import { get, download, seg } from '../api.js';
import { h, field, section, tableWrap } from '../dom.js';
import { onSubmit, showProblem } from '../problem.js';
import { adminHead } from '../components/admin-nav.js';
import { fmtDateTime } from '../dates.js';

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const rows = h('tbody', { testid: 'admin-disclosure-list' });
  const userId = h('input', { name: 'userId', value: ctx.query.userId || '', spellcheck: 'false' });
  const filter = h('form', { class: 'filters' }, field('Only this user id (optional)', userId), h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Show')));
  let cursor = null;
  const more = h('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => load() }, 'Show older');
  const exportId = h('input', { name: 'id', required: true, spellcheck: 'false' });
  const reason = h('input', { name: 'reason', required: true, minlength: 3, maxlength: 500 });
  const exp = h('form', null, field('User id', exportId), field('Reason (the request’s date and ticket)', reason),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Download their data (ZIP)')));
  root.append(...adminHead('disclosures', 'Disclosure log'),
    section('Every release of students’ data', filter, tableWrap('Disclosure log', h('table', { class: 'data' },
      h('thead', null, h('tr', null, ['When', 'Student', 'Recipient', 'Purpose', 'What', 'Basis', 'Records', 'Asked by'].map((t) => h('th', { scope: 'col' }, t)))), rows)), more),
    section('Export a person’s data', h('p', null, 'When a student asks for their records (FERPA §99.10). The export is recorded in their log.'), exp));

  async function load() {
    try {
      const page = await get('/api/v1/admin/disclosures', { limit: 50, cursor, userId: userId.value.trim() }, { signal });
      rows.append(...page.items.map((d) => h('tr', null, h('td', null, fmtDateTime(d.disclosedAt, tz)), h('td', null, h('code', null, d.userId)),
        h('td', null, d.recipient), h('td', null, d.purpose), h('td', null, d.categories.join(', ')),
        h('td', null, d.basis + (d.legalBasis ? `: ${d.legalBasis}` : '')), h('td', null, String(d.recordCount)), h('td', null, d.requestedBy || '—'))));
      if (!rows.children.length) rows.append(h('tr', null, h('td', { colspan: 8 }, 'No disclosures.')));
      cursor = page.nextCursor;
      more.hidden = !cursor;
    } catch (e) { if (e.name !== 'AbortError') showProblem(rows.closest('section'), e); }
  }
  filter.addEventListener('submit', (e) => { e.preventDefault(); rows.replaceChildren(); cursor = null; load(); });
  onSubmit(exp, () => download(`/api/v1/admin/users/${seg(exportId.value.trim())}/export`, { reason: reason.value.trim() }, 'campuscal-user-export.zip'));
  await load();
}

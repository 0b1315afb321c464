// #/admin/notices: planned downtime. Lists current notices (GET /api/v1/maintenance-notices),
// posts one (POST /api/v1/admin/maintenance-notices: at least two days ahead unless urgent; every
// user is told, in their own zone) and withdraws one (DELETE …/{id}). Times are typed in the
// administrator's zone and sent as instants.

import { get, post, del, seg } from '../api.js';
import { h, field, checkbox, button, section } from '../dom.js';
import { attempt, onSubmit, showProblem, localProblem } from '../problem.js';
import { confirmDialog } from '../dialog.js';
import { adminHead } from '../components/admin-nav.js';
import { fmtDateTime, todayKey, addDays, zonedToInstant } from '../dates.js';
import { announce } from '../live.js';

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const list = h('ul', { class: 'items', testid: 'admin-notice-list' });
  const day = addDays(todayKey(tz), 3);
  const title = h('input', { name: 'title', required: true, maxlength: 200 });
  const message = h('textarea', { name: 'message', rows: 3, maxlength: 4000 });
  const sd = h('input', { type: 'date', name: 'startsAt', required: true, value: day });
  const st = h('input', { type: 'time', name: 'startTime', required: true, value: '04:00' });
  const ed = h('input', { type: 'date', name: 'endsAt', required: true, value: day });
  const et = h('input', { type: 'time', name: 'endTime', required: true, value: '05:00' });
  const form = h('form', { class: 'card', testid: 'admin-notice-form' }, h('h2', null, 'Announce downtime'),
    field('Title', title), field('Message (optional)', message),
    h('div', { class: 'row' }, field('Starts on', sd), field('at', st)), h('div', { class: 'row' }, field('Ends on', ed), field('at', et)),
    h('p', { class: 'hint' }, `Times in your zone, ${tz}. At least two days from now unless urgent.`),
    checkbox('Urgent (may start sooner)', { name: 'urgent' }),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Post and notify everyone')));
  root.append(...adminHead('notices', 'Maintenance notices'), section('Current notices', list), form);

  async function load() {
    try {
      const { items } = await get('/api/v1/maintenance-notices', null, { signal });
      list.replaceChildren(...(items.length ? items.map((n) => {
        const li = h('li', { class: 'item' }, h('h3', null, n.title, n.urgent ? ' (urgent)' : ''),
          h('p', null, `${fmtDateTime(n.startsAt, tz)} – ${fmtDateTime(n.endsAt, tz)}`), n.message && h('p', null, n.message));
        li.append(button('Withdraw', async () => {
          if (!(await confirmDialog('Withdraw notice?', 'Everyone is told it is cancelled.', 'Withdraw'))) return;
          attempt(li, async () => { await del(`/api/v1/admin/maintenance-notices/${seg(n.id)}`); li.remove(); announce('Notice withdrawn.'); });
        }, { class: 'danger small' }));
        return li;
      }) : [h('li', { class: 'muted' }, 'No planned downtime.')]));
    } catch (e) { if (e.name !== 'AbortError') showProblem(list.parentElement, e); }
  }
  onSubmit(form, async () => {
    if (!sd.value || !st.value || !ed.value || !et.value) throw localProblem('Give the start and end, each with a date and a time.');
    const body = { title: title.value.trim(), startsAt: zonedToInstant(sd.value, st.value, tz).toISOString(),
      endsAt: zonedToInstant(ed.value, et.value, tz).toISOString(), urgent: form.elements.urgent.checked };
    if (message.value.trim()) body.message = message.value.trim();
    const r = await post('/api/v1/admin/maintenance-notices', body);
    announce(`Posted; ${r.notifiedUsers} people notified.`);
    form.reset();
    await load();
  });
  await load();
}

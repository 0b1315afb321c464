// #/shares: my calendars and who sees them. Lists calendars (GET /api/v1/calendars); for those
// I manage, their shares (GET /api/v1/calendars/{id}/shares) with the level changeable
// (PATCH /api/v1/calendar-shares/{id}) or withdrawn (DELETE); new shares to users and groups
// (POST /api/v1/calendar-shares); new calendars (POST /api/v1/calendars) and deleting them.

import { get, post, patch, del, seg } from '../api.js';
import { h, field, checkbox, select, section, button, quietLabel } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { confirmDialog } from '../dialog.js';
import { getCalendars, getGroups } from '../store.js';
import { announce } from '../live.js';

const LEVELS = [['free-busy', 'Free/busy only'], ['read', 'See events'], ['write', 'Add and change events'], ['manage', 'Manage and share']];
const ACCESS = { owner: 'yours', manage: 'you manage it', write: 'you can change events', read: 'you can read it', 'free-busy': 'you see busy times' };

export async function render(root, ctx) {
  const { signal } = ctx;
  root.append(h('h1', null, 'Calendars and sharing'));
  const [cals, groups] = await Promise.all([getCalendars(true), getGroups().catch(() => [])]);
  if (signal.aborted) return;
  const managed = cals.filter((c) => c.access === 'owner' || c.access === 'manage');

  const list = h('ul', { class: 'items', testid: 'calendar-list' });
  for (const c of cals) {
    const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    swatch.style.setProperty('--cal', c.color);
    const li = h('li', { class: 'item', testid: 'calendar-item' },
      h('h3', null, swatch, c.name, ' ', h('span', { class: 'muted' }, `(${ACCESS[c.access] || c.access}${c.groupId ? ', a group’s meetings' : ''})`)),
      c.description && h('p', null, c.description));
    if (c.access === 'owner' || c.access === 'manage') {
      const shares = h('ul', { class: 'shares', testid: 'share-list' });
      li.append(h('h4', null, 'Shared with'), shares);
      get(`/api/v1/calendars/${seg(c.id)}/shares`, null, { signal }).then(({ items }) => {
        shares.replaceChildren(...(items.length ? items.map((s) => shareRow(s)) : [h('li', { class: 'muted' }, 'Nobody.')]));
      }).catch((e) => showProblem(li, e));
    }
    if (c.access === 'owner' && !c.groupId) {
      li.append(h('div', { class: 'actions' }, button('Delete calendar', async () => {
        if (!(await confirmDialog('Delete calendar?', `Delete “${c.name}” and every event in it? This cannot be undone.`, 'Delete'))) return;
        attempt(li, async () => { await del(`/api/v1/calendars/${seg(c.id)}`); await getCalendars(true); li.remove(); announce('Calendar deleted.'); });
      }, { class: 'danger small' })));
    }
    list.append(li);
  }
  if (!cals.length) list.append(h('li', { class: 'muted' }, 'No calendars yet.'));
  root.append(section('Your calendars', list));
  if (managed.length) root.append(shareForm(managed, groups, () => rerender()));
  root.append(newCalendarForm(() => rerender()));

  function rerender() { root.replaceChildren(); render(root, ctx).catch((e) => showProblem(root, e)); }
}

function shareRow(s) {
  const level = select({ name: 'level', testid: 'share-level' }, LEVELS, s.level);
  const li = h('li', { class: 'share', testid: 'share-item' },
    h('span', null, `${s.recipient.type === 'group' ? 'Group ' : '@'}${s.recipient.name}`), ' ',
    quietLabel(`Level for ${s.recipient.name}`, level),
    button('Withdraw', async () => {
      if (!(await confirmDialog('Withdraw share?', `Stop sharing with ${s.recipient.name}? Their access ends at once.`, 'Withdraw'))) return;
      attempt(li, async () => { await del(`/api/v1/calendar-shares/${seg(s.id)}`); li.remove(); announce('Share withdrawn.'); });
    }, { class: 'danger small' }));
  level.addEventListener('change', () => attempt(li, async () => {
    await patch(`/api/v1/calendar-shares/${seg(s.id)}`, { level: level.value });
    announce(`${s.recipient.name} now: ${LEVELS.find(([v]) => v === level.value)[1]}.`);
  }));
  return li;
}

function shareForm(managed, groups, done) {
  const boxes = managed.map((c) => checkbox(c.name, { name: 'calendarIds', value: c.id, checked: managed.length === 1 }));
  const names = h('input', { name: 'usernames', testid: 'share-usernames', autocapitalize: 'none', spellcheck: 'false' });
  const groupBoxes = groups.map((g) => checkbox(g.name, { name: 'groupIds', value: g.id }));
  const level = select({ name: 'level', testid: 'share-new-level' }, LEVELS, 'read');
  const out = h('ul');
  const form = h('form', { class: 'card', testid: 'share-form' }, h('h2', null, 'Share calendars'),
    h('fieldset', null, h('legend', null, 'Calendars'), boxes),
    field('With users', names, 'Usernames, separated by commas or spaces.'),
    groupBoxes.length && h('fieldset', null, h('legend', null, 'With groups'), groupBoxes),
    field('They may', level),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'share-submit' }, 'Share')), h('div', { role: 'status' }, out));
  onSubmit(form, async () => {
    const checked = (n) => [...form.querySelectorAll(`input[name=${n}]:checked`)].map((c) => c.value);
    const r = await post('/api/v1/calendar-shares', { calendarIds: checked('calendarIds'), usernames: names.value.split(/[\s,]+/).filter(Boolean),
      groupIds: checked('groupIds'), level: level.value });
    const text = { shared: 'shared', changed: 'level changed', unchanged: 'already shared so', unknownUser: 'no such user', unknownGroup: 'no such group', owner: 'owns it', yourself: 'that is you' };
    const calName = (id) => (managed.find((c) => c.id === id) || {}).name || id;
    out.replaceChildren(...r.results.map((x) => h('li', null, `${calName(x.calendarId)} → ${x.username || (groups.find((g) => g.id === x.groupId) || {}).name || x.groupId}: ${text[x.outcome] || x.outcome}`)));
    if (r.results.some((x) => x.share)) { announce('Shared.'); setTimeout(done, 1500); }
  });
  return form;
}

function newCalendarForm(done) {
  const name = h('input', { name: 'name', required: true, maxlength: 100, testid: 'calendar-name' });
  const color = h('input', { type: 'color', name: 'color', value: '#3a87ad' });
  const form = h('form', { class: 'card', testid: 'calendar-form' }, h('h2', null, 'New calendar'), field('Name', name), field('Colour', color),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Create calendar')));
  onSubmit(form, async () => {
    await post('/api/v1/calendars', { name: name.value.trim(), color: color.value.toUpperCase() });
    await getCalendars(true);
    announce('Calendar created.');
    done();
  });
  return form;
}

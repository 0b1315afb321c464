// Forms the first-run page and Settings share: the time zone (PATCH /api/v1/me {timeZone}) and
// how to be told (GET/PATCH /api/v1/me/notification-settings).

import { get, patch, request } from '../api.js';
import { h, field, select } from '../dom.js';
import { onSubmit, showProblem } from '../problem.js';
import { session } from '../session.js';
import { announce } from '../live.js';

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function zoneSelect(current) {
  let zones = [];
  try { zones = Intl.supportedValuesOf('timeZone'); } catch { zones = [browserZone()]; }
  if (!zones.includes(current)) zones = [current, ...zones];
  return select({ name: 'timeZone', testid: 'timezone-select' }, zones.map((z) => [z, z.replace(/_/g, ' ')]), current);
}

export function timeZoneForm(initial, onSaved) {
  const zone = zoneSelect(initial);
  const form = h('form', { testid: 'timezone-form' },
    field('Your time zone', zone, `Your browser says ${browserZone()}. Times everywhere in CampusCal are shown in this zone.`),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'timezone-submit' }, 'Save time zone')));
  onSubmit(form, async () => {
    const me = await request('GET', '/api/v1/me');
    const user = (await request('PATCH', '/api/v1/me', { body: { timeZone: zone.value }, etag: me.etag })).data;
    session.setUser(user);
    announce(`Time zone saved: ${user.timeZone}.`);
    onSaved && onSaved(user);
  });
  return form;
}

const REMIND = [['', 'No default reminder'], ['60', '1 hour before'], ['180', '3 hours before'], ['1440', '1 day before'], ['2880', '2 days before'], ['10080', '1 week before']];

export function notificationForm() {
  const form = h('form', { testid: 'notification-form' }, h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  get('/api/v1/me/notification-settings').then((s) => {
    const box = (name, label, hint) => field(label, h('input', { type: 'checkbox', name, checked: s[name], testid: 'notify-' + name }), hint);
    const textAddress = h('input', { name: 'textAddress', type: 'email', value: s.textAddress || '', placeholder: '2085551234@vtext.com' });
    const first = s.defaultReminders.find((r) => 'minutesBefore' in r);
    const remind = select({ name: 'defaultReminders' }, REMIND, first ? String(first.minutesBefore) : '');
    form.replaceChildren(
      box('enabled', 'Notifications on', 'Off: nothing is sent anywhere; your inbox still keeps every notice.'),
      h('fieldset', null, h('legend', null, 'Where to tell me'),
        box('device', 'In this app, live'), box('email', 'By email (to the address in your profile)'), box('text', 'By text message'),
        field('Text message address (email-to-SMS gateway)', textAddress)),
      h('fieldset', null, h('legend', null, 'What to tell me'),
        box('gradeUpdates', 'When a grade or feedback arrives'), box('includeFeedback', 'Include the instructor’s feedback in the notice'),
        box('remindAllAssignments', 'Remind me of every assignment'), field('Default reminder', remind)),
      h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'notification-submit' }, 'Save notification settings')));
  }).catch((e) => showProblem(form, e));
  onSubmit(form, async () => {
    const body = {};
    for (const n of ['enabled', 'device', 'email', 'text', 'gradeUpdates', 'includeFeedback', 'remindAllAssignments']) body[n] = form.elements[n].checked;
    body.textAddress = form.elements.textAddress.value.trim() || null;
    const m = form.elements.defaultReminders.value;
    body.defaultReminders = m ? [{ minutesBefore: Number(m) }] : [];
    await patch('/api/v1/me/notification-settings', body);
    announce('Notification settings saved.');
  });
  return form;
}

// #/settings: profile and time zone (PATCH /api/v1/me with If-Match), password
// (POST /api/v1/me/password), confirmed addresses (/api/v1/me/addresses…), notifications, Web Push
// on this device (/api/v1/me/push-subscriptions), who may invite me (/api/v1/me/invitation-settings),
// LMS connections, privacy (consents, disclosure log, export, deleting the account) and app
// passwords for CalDAV. Each section saves itself.

import { get, post, patch, request } from '../api.js';
import { h, field, section } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { session } from '../session.js';
import { announce } from '../live.js';
import { notificationForm, zoneSelect } from '../components/settings-forms.js';
import { lmsPanel } from '../components/lms.js';
import { privacySection } from '../components/privacy.js';
import { appPasswordsSection } from '../components/app-passwords.js';
import { pushSection } from '../components/push.js';

export async function render(root, ctx) {
  const jump = [['profile', 'Profile'], ['notifications', 'Notifications'], ['inviting', 'Invitations'], ['lms', 'LMS'], ['privacy', 'Privacy'], ['apps', 'Calendar apps']];
  root.append(h('h1', null, 'Settings'),
    h('nav', { class: 'toolbar', 'aria-label': 'Settings sections' }, jump.map(([id, label]) =>
      h('a', { class: 'button secondary small', href: '#/settings', onclick: (e) => { e.preventDefault(); const t = document.getElementById('set-' + id); t.scrollIntoView(); t.querySelector('h2').focus(); } }, label))));
  const { data: me, etag } = await request('GET', '/api/v1/me', { signal: ctx.signal });
  session.setUser(me);

  root.append(
    withId('profile', section('Profile', profileForm(me, etag), passwordForm(), addresses(), h('p', null, h('a', { href: '#/welcome' }, 'Run the first-run setup again')))),
    withId('notifications', section('Notifications', notificationForm())),
    withId('push', pushSection(ctx)),
    withId('inviting', section('Who may invite you', invitationForm())),
    withId('lms', section('Your LMS', lmsPanel(ctx))),
    withId('privacy', privacySection(ctx)),
    withId('apps', appPasswordsSection(ctx)));
}

function withId(id, el) {
  el.id = 'set-' + id;
  const h2 = el.querySelector('h2');
  if (h2) h2.tabIndex = -1;
  return el;
}

function profileForm(me, etagIn) {
  let etag = etagIn;
  const displayName = h('input', { name: 'displayName', required: true, maxlength: 100, value: me.displayName, autocomplete: 'name' });
  const email = h('input', { name: 'email', type: 'email', value: me.email || '', autocomplete: 'email' });
  const phone = h('input', { name: 'phone', type: 'tel', value: me.phone || '', autocomplete: 'tel' });
  const zone = zoneSelect(me.timeZone);
  const form = h('form', { testid: 'profile-form' },
    h('p', { class: 'muted' }, `Username: ${me.username} · Role: ${me.role}`),
    field('Name shown to others', displayName), field('Email', email), field('Phone', phone, '10 to 15 digits.'),
    field('Time zone', zone, 'Every date and time in CampusCal is shown in this zone.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'profile-submit' }, 'Save profile')));
  onSubmit(form, async () => {
    const body = { displayName: displayName.value.trim(), email: email.value.trim() || null, phone: phone.value.trim() || null, timeZone: zone.value };
    const r = await request('PATCH', '/api/v1/me', { body, etag });
    etag = r.etag;
    session.setUser(r.data);
    announce('Profile saved.');
  });
  return form;
}

function passwordForm() {
  const current = h('input', { name: 'currentPassword', type: 'password', required: true, autocomplete: 'current-password' });
  const next = h('input', { name: 'newPassword', type: 'password', required: true, autocomplete: 'new-password' });
  const form = h('form', null, h('h3', null, 'Change password'), field('Current password', current),
    field('New password', next, 'At least 8 characters, with an uppercase letter and a digit. Your other sessions end.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Change password')));
  onSubmit(form, async () => {
    await post('/api/v1/me/password', { currentPassword: current.value, newPassword: next.value });
    form.reset();
    announce('Password changed.');
  });
  return form;
}

/** Notices go only to confirmed addresses: show which are, send a code, type it back. */
function addresses() {
  const wrap = h('div', null, h('h3', null, 'Confirmed addresses'));
  const list = h('ul', { class: 'items' });
  const code = h('input', { name: 'code', required: true, autocomplete: 'one-time-code' });
  const confirm = h('form', null, field('Confirmation code', code), h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Confirm')));
  const show = (items) => list.replaceChildren(...items.map((a) => h('li', { class: 'item' },
    `${a.channel === 'email' ? 'Email' : 'Text'}: ${a.address || 'none set'} — ${a.confirmed ? 'confirmed' : 'not confirmed'} `,
    a.address && !a.confirmed && h('button', { type: 'button', class: 'secondary small', onclick: (e) => attempt(wrap, async () => {
      const r = await post(`/api/v1/me/addresses/${a.channel}/confirmation`);
      e.target.replaceWith(h('span', null, r.confirmed ? 'Already confirmed.' : 'Code sent.'));
    }) }, 'Send code'))));
  onSubmit(confirm, async () => { show((await post('/api/v1/me/addresses/confirm', { code: code.value.trim() })).addresses); confirm.reset(); announce('Address confirmed.'); });
  get('/api/v1/me/addresses').then((r) => show(r.addresses)).catch((e) => showProblem(wrap, e));
  wrap.append(list, confirm);
  return wrap;
}

function invitationForm() {
  const form = h('form', { testid: 'invitation-settings-form' });
  const opts = [['everyone', 'Everyone'], ['groupMembers', 'Only people in a study group with me'], ['nobody', 'Nobody']];
  get('/api/v1/me/invitation-settings').then((s) => {
    form.append(h('fieldset', null, h('legend', null, 'Who may invite you to events'), opts.map(([v, label]) =>
      field(label, h('input', { type: 'radio', name: 'allowFrom', value: v, checked: s.allowFrom === v })))),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Save')));
  }).catch((e) => showProblem(form, e));
  onSubmit(form, async () => {
    await patch('/api/v1/me/invitation-settings', { allowFrom: form.elements.allowFrom.value });
    announce('Saved.');
  });
  return form;
}

// #/invitations (?event=<id> preselects an event to invite to):
//   received — GET /api/v1/invitations, answered by POST /api/v1/invitations/{id}/respond;
//   group invitations — GET /api/v1/group-invitations, POST …/{id}/accept|decline;
//   sent — GET /api/v1/invitations/sent, every invitee's answer (the RSVP);
//   invite — POST /api/v1/invitations, to one of my events or to a time not tied to one.

import { get, post, seg } from '../api.js';
import { h, field, checkbox, srOnly, append } from '../dom.js';
import { attempt, onSubmit, showProblem, localProblem } from '../problem.js';
import { fmtDateTime, fmtTime, instantKey, todayKey, addDays, zonedToInstant } from '../dates.js';
import { getCalendars, getGroups } from '../store.js';
import { session } from '../session.js';
import { announce } from '../live.js';
import { whenText } from '../components/event-editor.js';

const ANSWERS = { pending: 'Not answered yet', accepted: 'Accepted', declined: 'Declined', tentative: 'Maybe' };

function when(inv, tz) {
  if (!inv.start) return '';
  const end = inv.end && (instantKey(inv.end, tz) === instantKey(inv.start, tz) ? fmtTime(inv.end, tz) : fmtDateTime(inv.end, tz));
  return fmtDateTime(inv.start, tz) + (end ? ' – ' + end : '');
}

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const received = h('ul', { class: 'items', testid: 'invitations-received' });
  const groupInv = h('ul', { class: 'items' });
  const sent = h('ul', { class: 'items', testid: 'invitations-sent' });
  root.append(h('h1', null, 'Invitations'));
  const form = await inviteForm(ctx, () => loadSent());
  root.append(
    h('section', { class: 'card', 'aria-labelledby': 'inv-r' }, h('h2', { id: 'inv-r' }, 'Invitations to you'), received),
    h('section', { class: 'card', 'aria-labelledby': 'inv-g' }, h('h2', { id: 'inv-g' }, 'Invitations to groups'), groupInv),
    form,
    h('section', { class: 'card', 'aria-labelledby': 'inv-s' }, h('h2', { id: 'inv-s' }, 'Invitations you sent'), sent));

  function receivedItem(inv) {
    const answer = h('strong', { testid: 'invitation-response' }, ANSWERS[inv.myResponse] || inv.myResponse || '');
    const li = h('li', { class: 'item', testid: 'invitation-item', 'data-invitation-id': inv.id });
    const respond = (response) => attempt(li, async () => {
      const updated = await post(`/api/v1/invitations/${seg(inv.id)}/respond`, { response });
      li.replaceWith(receivedItem(updated));
      announce(`You answered “${ANSWERS[response]}” to ${inv.title}.`);
    });
    const cancelled = inv.status === 'cancelled';
    append(li, [h('h3', null, inv.title),
      h('p', null, `From ${inv.organizerUsername || 'someone'}`, inv.start ? ' · ' + when(inv, tz) : ''),
      inv.message && h('p', { class: 'message' }, inv.message),
      cancelled ? h('p', { class: 'warning' }, 'Cancelled by the organiser.') : h('p', null, 'Your answer: ', answer),
      !cancelled && h('div', { class: 'actions' },
        h('button', { type: 'button', testid: 'invitation-accept', 'aria-pressed': String(inv.myResponse === 'accepted'), onclick: () => respond('accepted') }, 'Accept', srOnly(': ' + inv.title)),
        h('button', { type: 'button', class: 'secondary', testid: 'invitation-tentative', 'aria-pressed': String(inv.myResponse === 'tentative'), onclick: () => respond('tentative') }, 'Maybe', srOnly(': ' + inv.title)),
        h('button', { type: 'button', class: 'secondary', testid: 'invitation-decline', 'aria-pressed': String(inv.myResponse === 'declined'), onclick: () => respond('declined') }, 'Decline', srOnly(': ' + inv.title)))]);
    return li;
  }

  function groupItem(gi) {
    const li = h('li', { class: 'item', testid: 'group-invitation-item' }, h('h3', null, gi.groupName));
    const decide = (what) => attempt(li, async () => {
      await post(`/api/v1/group-invitations/${seg(gi.id)}/${what}`);
      if (what === 'accept') await getGroups(true);
      li.replaceChildren(h('p', null, what === 'accept' ? `You joined ${gi.groupName}. ` : `You declined ${gi.groupName}.`,
        what === 'accept' && h('a', { href: '#/groups/' + encodeURIComponent(gi.groupId) }, 'Open the group')));
    });
    li.append(h('div', { class: 'actions' },
      h('button', { type: 'button', testid: 'group-invitation-accept', onclick: () => decide('accept') }, 'Join', srOnly(' ' + gi.groupName)),
      h('button', { type: 'button', class: 'secondary', testid: 'group-invitation-decline', onclick: () => decide('decline') }, 'Decline', srOnly(' ' + gi.groupName))));
    return li;
  }

  function sentItem(inv) {
    return h('li', { class: 'item', testid: 'invitation-sent-item', 'data-invitation-id': inv.id },
      h('h3', null, inv.title, inv.status === 'cancelled' ? ' (cancelled)' : ''),
      inv.start && h('p', null, when(inv, tz)),
      h('ul', { class: 'rsvps', 'aria-label': 'Answers' }, (inv.invitees || []).map((p) => h('li', null, `${p.username}: `,
        h('span', { class: 'rsvp rsvp-' + p.response, testid: 'invitation-rsvp', 'data-username': p.username }, ANSWERS[p.response] || p.response)))));
  }

  async function loadSent() {
    try {
      const s = await get('/api/v1/invitations/sent', null, { signal });
      sent.replaceChildren(...(s.items.length ? s.items.map(sentItem) : [h('li', { class: 'muted' }, 'You have not invited anyone yet.')]));
    } catch (e) { if (e.name !== 'AbortError') showProblem(sent.parentElement, e); }
  }

  async function load() {
    try {
      const [r, g] = await Promise.all([get('/api/v1/invitations', null, { signal }), get('/api/v1/group-invitations', null, { signal })]);
      received.replaceChildren(...(r.items.length ? r.items.map(receivedItem) : [h('li', { class: 'muted' }, 'No invitations.')]));
      groupInv.replaceChildren(...(g.items.length ? g.items.filter((x) => x.status === 'pending').map(groupItem) : [h('li', { class: 'muted' }, 'No group invitations.')]));
    } catch (e) { if (e.name !== 'AbortError') showProblem(root, e); }
  }
  window.addEventListener('campuscal:notice', (e) => { if (e.detail.kind === 'invitation') { load(); loadSent(); } }, { signal });
  await Promise.all([load(), loadSent()]);
}

async function inviteForm(ctx, onSent) {
  const { tz } = ctx;
  const today = todayKey(tz);
  const [cals, groups, agenda] = await Promise.all([getCalendars().catch(() => []), getGroups().catch(() => []),
    get('/api/v1/agenda', { from: today, to: addDays(today, 120), tz }).catch(() => ({ items: [] }))]);
  const mine = new Set(cals.filter((c) => c.ownerId === (session.user && session.user.id)).map((c) => c.id));
  const events = new Map();
  for (const o of agenda.items) if (o.eventId && mine.has(o.calendarId) && !events.has(o.eventId)) events.set(o.eventId, o);
  if (ctx.query.event && !events.has(ctx.query.event)) {
    try { const e = await get(`/api/v1/events/${seg(ctx.query.event)}`); events.set(e.id, { title: e.title, eventId: e.id, allDay: e.allDay, start: e.start, end: e.end, startsAt: null }); } catch { /* not mine */ }
  }
  const eventSel = h('select', { name: 'eventId', testid: 'invite-event' }, h('option', { value: '' }, 'Not tied to an event (give a time)'),
    [...events.values()].map((o) => h('option', { value: o.eventId, selected: o.eventId === ctx.query.event }, o.startsAt ? `${o.title} — ${whenText(o, tz)}` : o.title)));
  const title = h('input', { name: 'title', maxlength: 500 });
  const date = h('input', { type: 'date', name: 'start', value: today });
  const start = h('input', { type: 'time', name: 'startTime', value: '12:00' });
  const end = h('input', { type: 'time', name: 'end', value: '13:00' });
  const free = h('fieldset', null, h('legend', null, 'What and when'), field('Title', title), h('div', { class: 'row' }, field('Date', date), field('From', start), field('To', end)));
  const message = h('textarea', { name: 'message', rows: 2 });
  const usernames = h('input', { name: 'usernames', testid: 'invite-usernames', autocapitalize: 'none', spellcheck: 'false' });
  const groupBoxes = groups.map((g) => checkbox(g.name, { name: 'groupIds', value: g.id }));
  // A live region around the list, not on it: role=status on the <ul> would hide its items' list semantics.
  const results = h('ul', { class: 'results' });
  const sync = () => { free.hidden = !!eventSel.value; };
  eventSel.addEventListener('change', sync);
  sync();
  const form = h('form', { class: 'card', testid: 'invitation-form' }, h('h2', null, 'Invite people'),
    field('Event', eventSel), free, field('Message (optional)', message),
    field('Usernames', usernames, 'Separate names with commas or spaces.'),
    groupBoxes.length ? h('fieldset', null, h('legend', null, 'Or everyone in a group'), groupBoxes) : null,
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'invite-submit' }, 'Send invitations')), h('div', { role: 'status' }, results));
  onSubmit(form, async () => {
    const body = { usernames: usernames.value.split(/[\s,]+/).filter(Boolean),
      groupIds: [...form.querySelectorAll('input[name=groupIds]:checked')].map((c) => c.value) };
    if (message.value.trim()) body.message = message.value.trim();
    if (eventSel.value) body.eventId = eventSel.value;
    else {
      if (!date.value || !start.value || !end.value) throw localProblem('Give a date with start and end times, or choose an event.', 'start');
      body.title = title.value.trim();
      body.start = zonedToInstant(date.value, start.value, tz).toISOString();
      body.end = zonedToInstant(date.value, end.value, tz).toISOString();
    }
    const r = await post('/api/v1/invitations', body);
    const text = { invited: 'invited', alreadyInvited: 'was already invited', unknownUser: 'no such user', unknownGroup: 'no such group',
      notAllowed: 'does not take invitations from you', yourself: 'that is you' };
    results.replaceChildren(...r.results.map((x) => h('li', null, `${x.username || x.groupId}: ${text[x.outcome] || x.outcome}`)));
    if (r.invitation) { usernames.value = ''; onSent(); }
  });
  return form;
}

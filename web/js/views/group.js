// #/groups/<id>: one study group. What shows depends on the group's answer for me (myRole,
// myPermissions): members and their permissions, inviting and join requests (acceptMembers),
// announcements (postAnnouncements), chat (chat), links (manageLinks), and the meeting finder
// (GET /api/v1/groups/{id}/free-busy → free slots; scheduleMeetings books one in the group's
// meetings calendar, GET /api/v1/groups/{id}/calendar + POST …/calendars/{id}/events).

import { get, post, patch, del, request, seg } from '../api.js';
import { h, field, checkbox, select, section, button, append } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { confirmDialog, openDialog } from '../dialog.js';
import { session } from '../session.js';
import { getGroups } from '../store.js';
import { announce } from '../live.js';
import { todayKey, addDays, zonedToInstant, fmtDateTime, fmtTime, hhmm, instantKey } from '../dates.js';

const PERMS = { postAnnouncements: 'Post announcements', chat: 'Chat', scheduleMeetings: 'Schedule meetings',
  acceptMembers: 'Accept members', manageLinks: 'Manage links', grantPermissions: 'Grant permissions' };

/** Free slots of at least `minutes` inside [from, to) o'clock each day, from the group's free intervals. */
export function freeSlots(free, days, fromTime, toTime, minutes, tz) {
  const out = [];
  for (const k of days) {
    const ws = zonedToInstant(k, fromTime, tz).getTime(), we = zonedToInstant(k, toTime, tz).getTime();
    for (const f of free) {
      const s = Math.max(Date.parse(f.start), ws), e = Math.min(Date.parse(f.end), we);
      if (e - s >= minutes * 60000) out.push({ start: new Date(s), end: new Date(e) });
    }
  }
  return out;
}

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const id = ctx.params.id;
  const base = `/api/v1/groups/${seg(id)}`;
  const h1 = h('h1', null, 'Group');
  root.append(h1);
  const { data: group, etag } = await request('GET', base, { signal });
  h1.textContent = group.name;
  document.title = `${group.name} · CampusCal`;
  const me = session.user ? session.user.id : '';
  const owner = group.myRole === 'owner';
  const can = (p) => owner || group.myPermissions.includes(p);
  const rerender = () => { root.replaceChildren(); return render(root, ctx).catch((e) => showProblem(root, e)); };
  append(root, [
    group.description && h('p', null, group.description),
    h('p', { class: 'muted' }, `${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'} · Group id for join requests: `, h('code', null, group.id)),
    group.emptyState && h('p', { class: 'notice-info' }, group.emptyState)]);
  if (!group.myRole) {
    root.append(h('p', null, 'You are not a member of this group yet.'));
    return;
  }

  // --- members ---
  const members = h('ul', { class: 'items', testid: 'group-members' });
  const memberList = (await get(`${base}/members`, null, { signal })).items;
  members.append(...memberList.map((m) => {
    const li = h('li', { class: 'item' }, h('h3', null, m.displayName, ' ', h('span', { class: 'muted' }, `@${m.username}${m.role === 'owner' ? ' · owner' : ''}`)),
      h('p', { class: 'muted' }, m.permissions.map((p) => PERMS[p] || p).join(', ') || 'No permissions'));
    if (m.role !== 'owner' && m.userId !== me && (owner || can('grantPermissions'))) {
      const boxes = Object.entries(PERMS).map(([p, label]) => checkbox(label, { name: 'permissions', value: p, checked: m.permissions.includes(p) }));
      const form = h('form', null, h('fieldset', null, h('legend', null, `Permissions of ${m.displayName}`), boxes),
        h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary small' }, 'Save permissions'),
          owner && button('Remove from group', async () => {
            if (!(await confirmDialog('Remove member?', `Remove ${m.displayName} from ${group.name}?`, 'Remove'))) return;
            attempt(form, async () => { await del(`${base}/members/${seg(m.userId)}`); li.remove(); announce(`${m.displayName} removed.`); });
          }, { class: 'danger small' })));
      onSubmit(form, async () => {
        const permissions = [...form.querySelectorAll('input:checked')].map((c) => c.value);
        await patch(`${base}/members/${seg(m.userId)}`, { permissions });
        announce(`Permissions of ${m.displayName} saved.`);
      });
      li.append(h('details', null, h('summary', null, 'Permissions'), form));
    }
    return li;
  }));
  root.append(section('Members', members));

  // --- manage / leave ---
  if (owner) {
    const name = h('input', { name: 'name', required: true, maxlength: 200, value: group.name });
    const description = h('textarea', { name: 'description', rows: 2, maxlength: 2000 });
    description.value = group.description || '';
    const edit = h('form', null, field('Name', name), field('Description', description),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Save')));
    onSubmit(edit, async () => {
      await request('PATCH', base, { body: { name: name.value.trim(), description: description.value.trim() || null }, etag });
      await getGroups(true);
      announce('Group saved.');
      rerender();
    });
    const others = memberList.filter((m) => m.userId !== me);
    const heir = select({ name: 'userId' }, others.map((m) => [m.userId, `${m.displayName} (@${m.username})`]));
    const transfer = h('form', null, field('Hand the group to', heir), h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'secondary', disabled: !others.length }, 'Transfer ownership')));
    transfer.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (!(await confirmDialog('Transfer ownership?', 'You stay a member with every permission.', 'Transfer', ''))) return;
      attempt(transfer, async () => { await post(`${base}/transfer`, { userId: heir.value }); announce('Ownership handed over.'); rerender(); });
    });
    root.append(section('Manage the group', edit, transfer, h('div', { class: 'actions' }, button('Delete group', async (e) => {
      if (!(await confirmDialog('Delete group?', `Delete ${group.name} with its announcements, chat and links? Members are told.`, 'Delete group'))) return;
      attempt(e.target.closest('section'), async () => { await del(base); await getGroups(true); location.hash = '#/groups'; });
    }, { class: 'danger' }))));
  } else {
    root.append(h('div', { class: 'actions' }, button('Leave group', async () => {
      if (!(await confirmDialog('Leave group?', `Leave ${group.name}?`, 'Leave'))) return;
      attempt(root, async () => { await post(`${base}/leave`); await getGroups(true); location.hash = '#/groups'; });
    }, { class: 'danger' })));
  }

  // --- inviting and join requests ---
  if (can('acceptMembers')) {
    const names = h('input', { name: 'usernames', required: true, autocapitalize: 'none', spellcheck: 'false' });
    const out = h('ul');
    const invite = h('form', { testid: 'group-invite-form' }, field('Usernames', names, 'Separate names with commas or spaces.'),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Invite')), h('div', { role: 'status' }, out));
    onSubmit(invite, async () => {
      const r = await post(`${base}/invitations`, { usernames: names.value.split(/[\s,]+/).filter(Boolean) });
      const text = { invited: 'invited', alreadyMember: 'already a member', alreadyInvited: 'already invited', unknownUser: 'no such user', yourself: 'that is you' };
      out.replaceChildren(...r.results.map((x) => h('li', null, `${x.username}: ${text[x.outcome] || x.outcome}`)));
      names.value = '';
    });
    const requests = h('ul', { class: 'items' });
    const jr = (await get(`${base}/join-requests`, null, { signal })).items.filter((r) => r.status === 'pending');
    requests.append(...(jr.length ? jr.map((r) => {
      const li = h('li', { class: 'item' }, h('p', null, `@${r.username} asks to join.`));
      const decide = (what) => attempt(li, async () => { await post(`${base}/join-requests/${seg(r.id)}/${what}`); li.replaceChildren(h('p', null, `@${r.username}: ${what}ed.`)); });
      li.append(h('div', { class: 'actions' }, button('Accept', () => decide('accept'), { class: 'small' }), button('Reject', () => decide('reject'), { class: 'secondary small' })));
      return li;
    }) : [h('li', { class: 'muted' }, 'No open requests.')]));
    root.append(section('Invite and accept members', invite, h('h3', null, 'Requests to join'), requests));
  }

  // --- announcements, chat, links: one pattern, three lists ---
  const board = (title, path, fields, canPost, renderItem, canDelete, newestLast = false) => {
    const list = h('ul', { class: 'items board' });
    const sec = section(title, list);
    const load = async () => {
      const items = (await get(`${base}/${path}`, { limit: 50 }, { signal })).items;
      if (newestLast) items.reverse();
      list.replaceChildren(...(items.length ? items.map((it) => {
        const li = h('li', { class: 'item' }, renderItem(it), h('p', { class: 'muted' }, `@${it.authorUsername} · ${fmtDateTime(it.createdAt, tz)}`));
        if (canDelete && (it.authorId === me || canDelete === true)) li.append(button('Delete', async () => {
          if (!(await confirmDialog('Delete?', 'Delete this item?', 'Delete'))) return;
          attempt(li, async () => { await del(`${base}/${path}/${seg(it.id)}`); li.remove(); });
        }, { class: 'danger small' }));
        return li;
      }) : [h('li', { class: 'muted' }, 'Nothing yet.')]));
    };
    if (canPost) {
      const inputs = fields.map(([name, label, type]) => [name, type === 'textarea' ? h('textarea', { name, required: true, rows: 2 }) : h('input', { name, required: true, type: type || 'text' }), label]);
      const form = h('form', { class: 'board-form', testid: `group-${path}-form` }, inputs.map(([, el, label]) => field(label, el)),
        h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Post'), button('Refresh', () => load(), { class: 'secondary' })));
      onSubmit(form, async () => {
        await post(`${base}/${path}`, Object.fromEntries(inputs.map(([n, el]) => [n, el.value.trim()])));
        form.reset();
        await load();
      });
      sec.append(form);
    }
    root.append(sec);
    return load().catch((e) => showProblem(sec, e));
  };
  await Promise.all([
    board('Announcements', 'announcements', [['title', 'Title'], ['body', 'Text', 'textarea']], can('postAnnouncements'),
      (a) => [h('h3', null, a.title), h('p', null, a.body)], can('postAnnouncements') ? true : 'own'),
    board('Chat', 'messages', [['body', 'Message', 'textarea']], can('chat'), (m) => h('p', null, m.body), false, true),
    board('Links', 'links', [['title', 'Title'], ['url', 'Address', 'url']], can('manageLinks'),
      (l) => h('p', null, h('a', { href: l.url, target: '_blank', rel: 'noopener noreferrer' }, l.title)), can('manageLinks') ? true : 'own'),
  ]);

  root.append(meetingFinder(base, group, can('scheduleMeetings'), tz));
}

function meetingFinder(base, group, canSchedule, tz) {
  const today = todayKey(tz);
  const from = h('input', { type: 'date', name: 'from', value: today, required: true });
  const days = select({ name: 'days' }, [[1, '1 day'], [3, '3 days'], [5, '5 days'], [7, '1 week'], [14, '2 weeks']], 7);
  const length = select({ name: 'length' }, [[30, '30 minutes'], [60, '1 hour'], [90, '1½ hours'], [120, '2 hours']], 60);
  const earliest = h('input', { type: 'time', name: 'earliest', value: '08:00' });
  const latest = h('input', { type: 'time', name: 'latest', value: '20:00' });
  const out = h('ul', { class: 'items', testid: 'free-slots' });
  const form = h('form', { testid: 'meeting-finder' }, h('div', { class: 'row' }, field('From', from), field('For', days), field('Meeting length', length)),
    h('div', { class: 'row' }, field('Not before', earliest), field('Not after', latest)),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Find free times')));
  onSubmit(form, async () => {
    const n = Number(days.value);
    const fb = await get(`${base}/free-busy`, { from: from.value, to: addDays(from.value, n), tz });
    const slots = freeSlots(fb.free, Array.from({ length: n }, (_, i) => addDays(from.value, i)), earliest.value, latest.value, Number(length.value), tz);
    out.replaceChildren(...(slots.length ? slots.map((s) => h('li', { class: 'item' },
      h('span', null, `${fmtDateTime(s.start, tz)} – ${fmtTime(s.end, tz)}: everyone is free`),
      canSchedule && button('Schedule here', () => schedule(base, group, s, Number(length.value), tz), { class: 'small' })))
      : [h('li', { class: 'muted' }, 'No time when everyone is free in that window.')]));
  });
  return section('Find a meeting time', form, out);
}

function schedule(base, group, slot, minutes, tz) {
  return openDialog('Schedule a meeting', (d, close) => {
    const title = h('input', { name: 'title', required: true, value: `${group.name} meeting` });
    const at = h('input', { type: 'time', name: 'start', value: hhmm(slot.start, tz), required: true });
    const form = h('form', null, field('Title', title), field(`Starts at (${fmtDateTime(slot.start, tz)} – ${fmtTime(slot.end, tz)} is free)`, at),
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Schedule'), button('Close', () => close(), { class: 'secondary' })));
    onSubmit(form, async () => {
      const day = instantKey(slot.start, tz);
      const start = zonedToInstant(day, at.value, tz);
      const end = new Date(start.getTime() + minutes * 60000);
      const cal = await get(`${base}/calendar`);
      await post(`/api/v1/calendars/${seg(cal.id)}/events`, { title: title.value.trim(),
        start: { dateTime: `${day}T${at.value}:00`, timeZone: tz }, end: { dateTime: `${instantKey(end, tz)}T${hhmm(end, tz)}:00`, timeZone: tz } });
      announce('Meeting scheduled; members are told.');
      close();
    });
    d.append(form);
  });
}

// #/groups: my study groups (GET /api/v1/groups), a new group (POST /api/v1/groups), and asking
// to join a group whose id a classmate gave me (POST /api/v1/groups/{id}/join-requests).

import { post, seg } from '../api.js';
import { h, field } from '../dom.js';
import { onSubmit, showProblem } from '../problem.js';
import { getGroups } from '../store.js';
import { announce } from '../live.js';

export async function render(root) {
  const list = h('ul', { class: 'items', testid: 'group-list' });
  const name = h('input', { name: 'name', required: true, maxlength: 200, testid: 'group-name' });
  const description = h('textarea', { name: 'description', rows: 2, maxlength: 2000 });
  const create = h('form', { class: 'card', testid: 'group-form' }, h('h2', null, 'Start a group'),
    field('Name', name), field('Description (optional)', description),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'group-submit' }, 'Create group')));
  const joinId = h('input', { name: 'id', required: true, autocapitalize: 'none', spellcheck: 'false' });
  const join = h('form', { class: 'card' }, h('h2', null, 'Ask to join a group'),
    field('Group id', joinId, 'A member can copy it from the group’s page.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Ask to join')));
  root.append(h('h1', null, 'Groups'), h('section', { class: 'card', 'aria-labelledby': 'grp-h' }, h('h2', { id: 'grp-h' }, 'Your groups'), list), create, join);

  onSubmit(create, async () => {
    const body = { name: name.value.trim() };
    if (description.value.trim()) body.description = description.value.trim();
    const g = await post('/api/v1/groups', body);
    await getGroups(true);
    announce(`Created ${g.name}.`);
    location.hash = '#/groups/' + encodeURIComponent(g.id);
  });
  onSubmit(join, async () => {
    await post(`/api/v1/groups/${seg(joinId.value.trim())}/join-requests`);
    join.reset();
    announce('Asked to join; the group’s members will decide.');
    join.append(h('p', { role: 'status' }, 'Request sent. You will be told when it is decided.'));
  });

  try {
    const groups = await getGroups(true);
    list.replaceChildren(...(groups.length ? groups.map((g) => h('li', { class: 'item', testid: 'group-item' },
      h('h3', null, h('a', { href: '#/groups/' + encodeURIComponent(g.id) }, g.name)),
      h('p', { class: 'muted' }, `${g.memberCount} ${g.memberCount === 1 ? 'member' : 'members'} · you are ${g.myRole === 'owner' ? 'the owner' : 'a member'}`),
      g.description && h('p', null, g.description))) : [h('li', { class: 'muted' }, 'You are not in any group yet.')]));
  } catch (e) { if (e.name !== 'AbortError') showProblem(list.parentElement, e); }
}

// #/admin/users: every account, a page at a time (GET /api/v1/admin/users), with role changes
// (PATCH …/{id} {role}, which ends their sessions), unlock (POST …/{id}/unlock), a new password
// (POST …/{id}/password) and deletion (DELETE …/{id}); plus the record of deletions.

import { get, post, patch, del, seg } from '../api.js';
import { h, field, select, button, section, quietLabel, append, tableWrap } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { confirmDialog, openDialog } from '../dialog.js';
import { session } from '../session.js';
import { adminHead } from '../components/admin-nav.js';
import { fmtDateTime } from '../dates.js';
import { announce } from '../live.js';

const ROLES = [['student', 'Student'], ['faculty', 'Faculty'], ['admin', 'Administrator']];

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const rows = h('tbody', { testid: 'admin-user-list' });
  let cursor = null;
  const more = button('Show more', () => load(), { class: 'secondary', hidden: true });
  const deletions = h('ul', { class: 'items' });
  root.append(...adminHead('users', 'Users'),
    section('Accounts', tableWrap('Accounts', h('table', { class: 'data' },
      h('thead', null, h('tr', null, ['Username', 'Name', 'Email', 'Role', 'Since', 'Actions'].map((t) => h('th', { scope: 'col' }, t)))), rows)), more),
    section('Deleted accounts', deletions));

  function row(u) {
    const role = select({ name: 'role', testid: 'admin-user-role' }, ROLES, u.role);
    const tr = h('tr', { testid: 'admin-user-item', 'data-user-id': u.id });
    const cell = h('td', { class: 'actions' });
    role.addEventListener('change', async () => {
      if (!(await confirmDialog('Change role?', `Make ${u.username} ${role.selectedOptions[0].textContent.toLowerCase()}? Their sessions end.`, 'Change role', ''))) { role.value = u.role; return; }
      attempt(cell, async () => {
        try { Object.assign(u, await patch(`/api/v1/admin/users/${seg(u.id)}`, { role: role.value })); } catch (e) { role.value = u.role; throw e; }
        announce(`${u.username} is now ${u.role}.`);
      });
    });
    append(cell, [
      button('Unlock', () => attempt(cell, async () => { await post(`/api/v1/admin/users/${seg(u.id)}/unlock`); announce(`${u.username} unlocked.`); }), { class: 'secondary small', testid: 'admin-user-unlock' }),
      button('New password', () => resetPassword(u), { class: 'secondary small' }),
      u.id !== (session.user && session.user.id) && button('Delete', async () => {
        if (!(await confirmDialog('Delete account?', `Delete ${u.username} and everything that is theirs alone? This cannot be undone.`, 'Delete account'))) return;
        attempt(cell, async () => { await del(`/api/v1/admin/users/${seg(u.id)}`); tr.remove(); announce(`${u.username} deleted.`); });
      }, { class: 'danger small' })]);
    tr.append(h('td', null, u.username), h('td', null, u.displayName), h('td', null, u.email || '—'), h('td', null, quietLabel(`Role of ${u.username}`, role)), h('td', null, fmtDateTime(u.createdAt, tz)), cell);
    return tr;
  }

  async function load() {
    try {
      const page = await get('/api/v1/admin/users', { limit: 50, cursor }, { signal });
      rows.append(...page.items.map(row));
      cursor = page.nextCursor;
      more.hidden = !cursor;
    } catch (e) { if (e.name !== 'AbortError') showProblem(rows.closest('section'), e); }
  }
  await load();
  try {
    const d = await get('/api/v1/admin/account-deletions', { limit: 20 }, { signal });
    deletions.replaceChildren(...(d.items.length ? d.items.map((x) => h('li', null, `${fmtDateTime(x.deletedAt, tz)} — ${x.requestedBy ? 'by an administrator' : 'by the person'}: `,
      Object.entries(x.counts).map(([k, n]) => `${n} ${k}`).join(', '))) : [h('li', { class: 'muted' }, 'None.')]));
  } catch (e) { if (e.name !== 'AbortError') showProblem(deletions.closest('section'), e); }
}

function resetPassword(u) {
  return openDialog(`New password for ${u.username}`, (d, close) => {
    const pw = h('input', { name: 'password', type: 'password', required: true, autocomplete: 'new-password' });
    const form = h('form', null, field('New password', pw, 'Unlocks the account and ends its sessions. Tell the person by a safe channel.'),
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Set password'), button('Close', () => close(), { class: 'secondary' })));
    onSubmit(form, async () => { await post(`/api/v1/admin/users/${seg(u.id)}/password`, { password: pw.value }); announce('Password set.'); close(); });
    d.append(form);
  });
}

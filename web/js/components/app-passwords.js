// App passwords for calendar apps over CalDAV (/dav/, HTTP Basic with the username): made by
// POST /api/v1/me/app-passwords — the password is in that answer only, so it is shown once with
// a copy button — listed (GET, with last use) and revoked (DELETE …/{id}).

import { get, post, del, seg } from '../api.js';
import { h, field, section, button } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { confirmDialog } from '../dialog.js';
import { session } from '../session.js';
import { fmtDateTime } from '../dates.js';
import { announce } from '../live.js';

export function appPasswordsSection(ctx) {
  const list = h('ul', { class: 'items', testid: 'app-passwords' });
  const name = h('input', { name: 'name', required: true, maxlength: 100, placeholder: 'e.g. My phone', testid: 'app-password-name' });
  const shown = h('div', { role: 'status' });
  const form = h('form', { testid: 'app-password-form' }, field('Device name', name),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary', testid: 'app-password-submit' }, 'Make an app password')), shown);

  async function load() {
    try {
      const { appPasswords } = await get('/api/v1/me/app-passwords');
      list.replaceChildren(...(appPasswords.length ? appPasswords.map((p) => {
        const li = h('li', { class: 'item' }, h('strong', null, p.name), ` — made ${fmtDateTime(p.createdAt, ctx.tz)}, `,
          p.lastUsedAt ? `last used ${fmtDateTime(p.lastUsedAt, ctx.tz)} ` : 'never used ');
        li.append(button('Revoke', async () => {
          if (!(await confirmDialog('Revoke app password?', `The device “${p.name}” stops syncing at its next request.`, 'Revoke'))) return;
          attempt(li, async () => { await del(`/api/v1/me/app-passwords/${seg(p.id)}`); li.remove(); announce('Revoked.'); });
        }, { class: 'danger small' }));
        return li;
      }) : [h('li', { class: 'muted' }, 'No app passwords.')]));
    } catch (e) { showProblem(list, e); }
  }
  onSubmit(form, async () => {
    const p = await post('/api/v1/me/app-passwords', { name: name.value.trim() });
    name.value = '';
    const out = h('output', { class: 'secret', testid: 'app-password-value' }, p.password);
    shown.replaceChildren(h('p', null, `Password for “${p.name}” — copy it now, it is not shown again:`), out, ' ',
      button('Copy', async (ev) => { try { await navigator.clipboard.writeText(p.password); ev.target.textContent = 'Copied'; } catch { ev.target.textContent = 'Select and copy it by hand'; } }, { class: 'secondary small' }),
      h('p', { class: 'muted' }, `Use it with your username (${session.user ? session.user.username : ''}) at ${location.origin}/dav/ in your calendar app.`));
    load();
  });
  load();
  return section('Calendar apps (CalDAV)', h('p', null, 'Phones and desktop calendar apps sync with CampusCal over CalDAV. Give each device its own password:'), form,
    h('h3', null, 'Your app passwords'), list);
}

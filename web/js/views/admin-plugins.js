// #/admin/plugins: installed plugins with why one is not active (GET /api/v1/admin/plugins),
// enable/disable/remove (POST …/{id}/enable|disable, DELETE …/{id}), installing one from a folder
// on the server (POST /api/v1/admin/plugins {path}); and server health — LMS connections by how
// their last sync ended, live streams, outbox — read from /metrics, the only place the API
// offers those figures (see README: no JSON endpoint for LMS health).

import { get, post, del, seg } from '../api.js';
import { h, field, button, section, tableWrap } from '../dom.js';
import { attempt, onSubmit, showProblem } from '../problem.js';
import { confirmDialog } from '../dialog.js';
import { adminHead } from '../components/admin-nav.js';
import { announce } from '../live.js';

const slug = (id) => id.replace(/[^A-Za-z0-9._-]/g, '-');

export async function render(root, ctx) {
  const { signal } = ctx;
  const list = h('ul', { class: 'items', testid: 'admin-plugin-list' });
  const path = h('input', { name: 'path', required: true, testid: 'admin-plugin-path', placeholder: '/srv/campuscal/incoming/us-holidays', spellcheck: 'false' });
  const install = h('form', { class: 'card', testid: 'admin-plugin-install-form' }, h('h2', null, 'Install a plugin'),
    field('Folder on the server', path, 'A folder inside the plugins staging folder (plugins.staging_directory) holding plugin.toml and the library.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'admin-plugin-install-submit' }, 'Verify and install')));
  const health = h('div', { testid: 'admin-health' }, h('p', { class: 'loading' }, 'Loading…'));
  root.append(...adminHead('plugins', 'Plugins and health'), section('Installed plugins', list), install, section('Server health', health));

  function item(p) {
    const li = h('li', { class: 'item', testid: 'admin-plugin-item', 'data-plugin-id': p.id },
      h('h3', null, `${p.name} `, h('span', { class: 'muted' }, `${p.id} · ${p.version}`)),
      h('p', null, p.description),
      h('p', { testid: 'admin-plugin-status' }, h('strong', null, { active: 'Active', disabled: 'Disabled', failed: 'Failed' }[p.status] || p.status), p.statusReason ? ` — ${p.statusReason}` : ''),
      h('dl', { class: 'facts' },
        h('dt', null, 'Provides'), h('dd', null, p.provides.join(', ') || '—'),
        h('dt', null, 'Runs'), h('dd', null, p.isolation === 'process' ? 'in its own process' : 'inside the server'),
        h('dt', null, 'May receive'), h('dd', null, (p.permissions.data.join(', ') || 'no personal data') + (p.permissions.identities ? ', identities of consenting students' : ', de-identified')),
        h('dt', null, 'May call'), h('dd', null, p.permissions.network.join(', ') || 'no hosts'),
        h('dt', null, 'May'), h('dd', null, [p.permissions.notify && 'notify people', p.permissions.calendar && 'keep a calendar'].filter(Boolean).join(', ') || '—')));
    const act = (what) => attempt(li, async () => {
      const updated = await post(`/api/v1/admin/plugins/${seg(p.id)}/${what}`);
      li.replaceWith(item(updated));
      announce(`${p.name} ${what}d.`);
      const again = list.querySelector(`[data-testid="admin-plugin-${what === 'enable' ? 'disable' : 'enable'}-${slug(p.id)}"]`);
      if (again) again.focus();
    });
    li.append(h('div', { class: 'actions' },
      p.status !== 'active' && button('Enable', () => act('enable'), { testid: `admin-plugin-enable-${slug(p.id)}` }),
      p.status === 'active' && button('Disable', () => act('disable'), { class: 'secondary', testid: `admin-plugin-disable-${slug(p.id)}` }),
      button('Remove', async () => {
        if (!(await confirmDialog('Remove plugin?', `Stop ${p.name} and delete it from the plugins folder? Its saved state is kept.`, 'Remove'))) return;
        attempt(li, async () => { await del(`/api/v1/admin/plugins/${seg(p.id)}`); li.remove(); announce(`${p.name} removed.`); });
      }, { class: 'danger', testid: `admin-plugin-remove-${slug(p.id)}` })));
    return li;
  }

  async function load() {
    try {
      const { items } = await get('/api/v1/admin/plugins', null, { signal });
      list.replaceChildren(...(items.length ? items.map(item) : [h('li', { class: 'muted' }, 'No plugins installed.')]));
    } catch (e) { if (e.name !== 'AbortError') showProblem(list.parentElement, e); }
  }
  onSubmit(install, async () => {
    const p = await post('/api/v1/admin/plugins', { path: path.value.trim() });
    install.reset();
    announce(`${p.name} installed.`);
    await load();
  });
  await load();
  loadHealth(health, signal);
}

/** Prometheus text → { name: [{ labels, value }] } for the few figures shown. */
export function parseMetrics(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...(m[2] || '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    (out[m[1]] = out[m[1]] || []).push({ labels, value: Number(m[3]) });
  }
  return out;
}

async function loadHealth(box, signal) {
  try {
    // No session header: /metrics takes its own token (metrics.token) when one is set.
    const res = await fetch('/metrics', { signal, cache: 'no-store' });
    if (!res.ok) { box.replaceChildren(h('p', null, 'The server’s figures are protected by a metrics token; see them in your monitoring.')); return; }
    const m = parseMetrics(await res.text());
    const find = (suffix) => Object.keys(m).find((k) => k === suffix || k.endsWith('_' + suffix));
    const lms = m[find('lms_connections')] || [];
    const one = (suffix) => { const k = find(suffix); return k ? m[k][0].value : '—'; };
    box.replaceChildren(
      h('h3', null, 'LMS connections'),
      lms.length ? tableWrap('LMS connections', h('table', { class: 'data', testid: 'admin-lms-health' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'LMS'), h('th', { scope: 'col' }, 'Last sync'), h('th', { scope: 'col' }, 'Connections'))),
        h('tbody', null, lms.map((x) => h('tr', { class: /fail|error|reconnect/.test(x.labels.status) ? 'bad' : '' },
          h('td', null, x.labels.kind), h('td', null, x.labels.status), h('td', null, String(x.value)))))))
        : h('p', { class: 'muted' }, 'No LMS connections.'),
      h('dl', { class: 'facts' }, h('dt', null, 'Live notification streams'), h('dd', null, String(one('notification_streams'))),
        h('dt', null, 'Email and text deliveries waiting'), h('dd', null, String(one('notification_outbox')))));
  } catch (e) { if (e.name !== 'AbortError') box.replaceChildren(h('p', null, 'The server’s figures could not be read.')); }
}

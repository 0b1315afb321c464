// #/agenda: what is due (GET /api/v1/agenda/summary), what to start next (GET /api/v1/agenda/next),
// the next two weeks of events (GET /api/v1/agenda), and the student's own plugin panels
// (GET /api/v1/plugins, then /api/v1/plugins/{id}/panel for those providing a user panel).

import { get, seg } from '../api.js';
import { h } from '../dom.js';
import { todayKey, addDays, fmtDay } from '../dates.js';
import { loadRange } from '../calendar-data.js';
import { agendaSummary } from '../components/agenda-summary.js';
import { eventChip } from '../components/chips.js';
import { openOccurrence, whenText } from '../components/event-editor.js';
import { getCalendars } from '../store.js';
import { showProblem } from '../problem.js';

const DAYS = 14;

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const today = todayKey(tz);
  const next = h('p', { testid: 'agenda-next' }, 'Loading…');
  const upcoming = h('div', { class: 'agenda-days', testid: 'agenda-list' });
  const panels = h('div', { class: 'panels' });
  root.append(h('h1', null, 'Agenda'), agendaSummary(ctx),
    h('section', { class: 'card', 'aria-labelledby': 'next-h' }, h('h2', { id: 'next-h' }, 'Start next'), next),
    h('section', { class: 'card', 'aria-labelledby': 'up-h' }, h('h2', { id: 'up-h' }, `The next ${DAYS} days`), upcoming),
    panels);

  const refreshNext = () => get('/api/v1/agenda/next', null, { signal }).then((n) => { next.textContent = n.text; }).catch(() => {});
  window.addEventListener('campuscal:tasks-changed', refreshNext, { signal });
  window.addEventListener('campuscal:notice', refreshNext, { signal });
  refreshNext();

  async function load() {
    try {
      const [cals, data] = await Promise.all([getCalendars().catch(() => []), loadRange(today, addDays(today, DAYS), tz, { signal })]);
      const calById = new Map(cals.map((c) => [c.id, c]));
      const blocks = [];
      for (let i = 0; i < DAYS; i++) {
        const k = addDays(today, i);
        const b = data.day(k);
        if (!b.events.length && !b.labels.length) continue;
        blocks.push(h('section', { class: 'agenda-day', 'aria-labelledby': 'ag-' + k },
          h('h3', { id: 'ag-' + k }, h('a', { href: '#/day/' + k }, fmtDay(k)), b.labels.length ? ` — ${b.labels.map((l) => l.label).join(', ')}` : ''),
          h('ul', null, b.events.map((o) => h('li', null, h('span', { class: 'when' }, whenText(o, tz)), ' ',
            eventChip(o, tz, calById.get(o.calendarId), (occ) => openOccurrence(occ, tz, load), { day: k }))))));
      }
      upcoming.replaceChildren(...(blocks.length ? blocks : [h('p', { class: 'muted' }, 'Nothing on your calendar in the next two weeks.')]));
    } catch (e) { if (e.name !== 'AbortError') showProblem(upcoming, e); }
  }
  await load();

  // Plugin panels: only plugins that say they provide one are asked, so no 404s in normal use.
  try {
    const { items } = await get('/api/v1/plugins', null, { signal });
    for (const p of items.filter((x) => x.status === 'active' && x.provides.some((f) => f.startsWith('campuscal.user-panel/')))) {
      get(`/api/v1/plugins/${seg(p.id)}/panel`, null, { signal }).then((panel) => {
        panels.append(h('section', { class: 'card', testid: 'plugin-panel' }, h('h2', null, p.name),
          h('dl', { class: 'facts' }, panel.fields.map((f) => [h('dt', null, f.label), h('dd', null, f.value)]))));
      }).catch(() => { /* a plugin that is slow or off just shows no panel */ });
    }
  } catch { /* no plugins list: no panels */ }
}

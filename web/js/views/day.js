// #/day/2026-12-04 (#/day = today): the day's labels, its events in time order, and its
// priority list of what is due (GET /api/v1/tasks/day/{date}, with the server's sentence for
// screen readers, "nothing due" included).

import { get, seg } from '../api.js';
import { h } from '../dom.js';
import { isKey, todayKey, addDays, fmtDay, fmtTime, instantKey } from '../dates.js';
import { loadRange } from '../calendar-data.js';
import { eventChip, labelChip } from '../components/chips.js';
import { taskItem } from '../components/task-item.js';
import { openOccurrence, newEvent, whenText } from '../components/event-editor.js';
import { getCalendars } from '../store.js';
import { showProblem } from '../problem.js';

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const day = isKey(ctx.params.date) ? ctx.params.date : todayKey(tz);
  const events = h('ul', { class: 'day-events', 'aria-label': 'Events' });
  const labels = h('ul', { class: 'labels big' });
  const due = h('div', { class: 'due' });
  root.append(
    h('div', { class: 'view-head' }, h('h1', null, fmtDay(day)),
      h('nav', { class: 'toolbar', 'aria-label': 'Days' },
        h('a', { class: 'button secondary', href: '#/day/' + addDays(day, -1) }, '← Previous day'),
        h('a', { class: 'button secondary', href: '#/day' }, 'Today'),
        h('a', { class: 'button secondary', href: '#/day/' + addDays(day, 1) }, 'Next day →'),
        h('a', { class: 'button secondary', href: '#/week/' + day }, 'Week'),
        h('button', { type: 'button', testid: 'new-event', onclick: () => newEvent(day, tz, load) }, 'New event'))),
    labels,
    h('section', { class: 'card', testid: 'day-view', 'aria-labelledby': 'day-events-h' }, h('h2', { id: 'day-events-h' }, 'Events'), events),
    h('section', { class: 'card', 'aria-labelledby': 'day-due-h' }, h('h2', { id: 'day-due-h' }, 'Due this day'), due));

  async function load() {
    try {
      const [cals, data, taskDay] = await Promise.all([
        getCalendars().catch(() => []),
        loadRange(day, addDays(day, 1), tz, { signal, tasks: false }),
        get(`/api/v1/tasks/day/${seg(day)}`, null, { signal }),
      ]);
      const calById = new Map(cals.map((c) => [c.id, c]));
      const b = data.day(day);
      labels.replaceChildren(...b.labels.map(labelChip));
      events.replaceChildren(...(b.events.length ? b.events.map((o) => h('li', { class: 'day-event' },
        h('span', { class: 'when' }, o.allDay ? 'All day' : instantKey(o.startsAt, tz) === day ? `${fmtTime(o.startsAt, tz)} – ${fmtTime(o.endsAt, tz)}` : whenText(o, tz)),
        eventChip(o, tz, calById.get(o.calendarId), (occ) => openOccurrence(occ, tz, load), { day }),
        o.location && h('span', { class: 'where' }, o.location, ' ', o.mapUrl && h('a', { href: o.mapUrl, target: '_blank', rel: 'noopener noreferrer' }, 'Map'))))
        : [h('li', { class: 'muted' }, 'No events.')]));
      due.replaceChildren(h('p', null, taskDay.message),
        h('ul', { class: 'tasks' }, taskDay.items.map((it) => taskItem(it.task, tz, { onChange: load }))));
    } catch (e) { if (e.name !== 'AbortError') showProblem(root, e); }
  }
  await load();
}

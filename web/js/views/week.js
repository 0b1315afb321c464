// #/week (#/week/2026-12-04): the week holding that day, 7 days from the locale's first
// weekday, or Monday to Friday (the 5/7 toggle, remembered in localStorage). Timed events are
// placed on an hour grid by CSS custom properties (--start, --len minutes; --lane/--lanes for
// overlaps), set through CSSOM since the CSP forbids style attributes. Below 640 px the CSS turns
// the grid into a list of days.

import { h } from '../dom.js';
import { isKey, todayKey, addDays, startOfWeek, firstDayOfWeek, fmtDay, fmtWeekday, instantKey, minutesOfDay, pad2 } from '../dates.js';
import { loadRange, daySummary } from '../calendar-data.js';
import { eventChip, taskChip, labelChip } from '../components/chips.js';
import { openOccurrence, newEvent } from '../components/event-editor.js';
import { getCalendars } from '../store.js';
import { showProblem } from '../problem.js';

/** Minutes [start, end) an occurrence takes on day `k`, in `tz`. */
export function spanOn(occ, k, tz) {
  const s = instantKey(occ.startsAt, tz) === k ? minutesOfDay(occ.startsAt, tz) : 0;
  const e = instantKey(occ.endsAt, tz) === k ? minutesOfDay(occ.endsAt, tz) : 1440;
  return [s, Math.max(e, s + 15)];
}

/** Side-by-side lanes for overlapping events: [{ occ, s, e, lane }], lanes. */
export function lanes(spans) {
  const ends = [];
  const out = spans.slice().sort((a, b) => a.s - b.s).map((x) => {
    let lane = ends.findIndex((end) => end <= x.s);
    if (lane < 0) { lane = ends.length; ends.push(0); }
    ends[lane] = x.e;
    return { ...x, lane };
  });
  return { items: out, count: Math.max(1, ends.length) };
}

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const today = todayKey(tz);
  const anchor = isKey(ctx.params.date) ? ctx.params.date : today;
  const five = localStorage.getItem('campuscal.weekDays') === '5';
  const first = five ? startOfWeek(anchor, 1) : startOfWeek(anchor, firstDayOfWeek(navigator.language));
  const days = Array.from({ length: five ? 5 : 7 }, (_, i) => addDays(first, i));

  const toggle = (n) => h('button', { type: 'button', class: 'secondary', 'aria-pressed': String(five === (n === 5)), testid: `week-days-${n}`,
    onclick: async () => {
      localStorage.setItem('campuscal.weekDays', String(n));
      root.replaceChildren();
      await render(root, ctx);
      const pressed = root.querySelector(`[data-testid="week-days-${n}"]`);
      if (pressed) pressed.focus();
    } }, `${n} days`);
  const cols = new Map();
  const grid = h('div', { class: `week-grid days-${days.length}`, testid: 'week-view' },
    h('div', { class: 'week-col axis', 'aria-hidden': 'true' }, h('div', { class: 'week-head' }), h('div', { class: 'all-day' }, 'All day'),
      h('div', { class: 'timeline' }, Array.from({ length: 24 }, (_, i) => h('span', { class: 'hour' }, `${pad2(i)}:00`)))),
    days.map((k) => {
      const link = h('a', { href: '#/day/' + k, 'aria-label': fmtDay(k) }, fmtWeekday(k), ' ', String(Number(k.slice(8))));
      const c = { link, labels: h('ul', { class: 'labels' }), allDay: h('div', { class: 'all-day' }), timeline: h('div', { class: 'timeline' }) };
      cols.set(k, c);
      return h('section', { class: 'week-col' + (k === today ? ' today' : ''), testid: 'week-day-' + k, 'aria-label': fmtDay(k) },
        h('h2', { class: 'week-head' }, link,
          h('button', { type: 'button', class: 'icon', 'aria-label': `New event on ${fmtDay(k)}`, onclick: () => newEvent(k, tz, load) }, '+')),
        h('div', { class: 'all-day' }, c.labels, c.allDay), c.timeline);
    }));
  const scroller = h('div', { class: 'week-scroller' }, grid);
  root.append(
    h('div', { class: 'view-head' }, h('h1', null, `Week of ${fmtDay(days[0], { day: 'numeric', month: 'long', year: 'numeric' })}`),
      h('div', { class: 'toolbar' },
        h('a', { class: 'button secondary', href: '#/week/' + addDays(anchor, -7) }, '← Previous week'),
        h('a', { class: 'button secondary', href: '#/week/' + today }, 'This week'),
        h('a', { class: 'button secondary', href: '#/week/' + addDays(anchor, 7) }, 'Next week →'),
        h('div', { class: 'segmented', role: 'group', 'aria-label': 'Days shown' }, toggle(5), toggle(7)))),
    scroller);

  async function load() {
    try {
      const [cals, data] = await Promise.all([getCalendars().catch(() => []), loadRange(days[0], addDays(days[days.length - 1], 1), tz, { signal })]);
      const calById = new Map(cals.map((c) => [c.id, c]));
      for (const [k, c] of cols) {
        const b = data.day(k);
        c.labels.replaceChildren(...b.labels.map(labelChip));
        const open = (occ) => openOccurrence(occ, tz, load);
        c.allDay.replaceChildren(...b.events.filter((o) => o.allDay).map((o) => eventChip(o, tz, calById.get(o.calendarId), open, { day: k })),
          ...b.tasks.map((t) => taskChip(t, k)));
        const { items, count } = lanes(b.events.filter((o) => !o.allDay).map((occ) => { const [s, e] = spanOn(occ, k, tz); return { occ, s, e }; }));
        c.timeline.replaceChildren(...items.map(({ occ, s, e, lane }) => {
          const chip = eventChip(occ, tz, calById.get(occ.calendarId), open, { day: k });
          chip.classList.add('placed');
          for (const [n, v] of [['--start', s], ['--len', e - s], ['--lane', lane], ['--lanes', count]]) chip.style.setProperty(n, String(v));
          return chip;
        }));
        c.link.setAttribute('aria-label', `${fmtDay(k)}${k === today ? ', today' : ''}, ${daySummary(b)}`);
      }
    } catch (e) { if (e.name !== 'AbortError') showProblem(root, e); }
  }
  await load();
  // start the day at 07:00 rather than midnight
  const tl = grid.querySelector('.week-col:not(.axis) .timeline');
  if (tl && getComputedStyle(grid).display === 'grid') scroller.scrollTop = tl.offsetTop + (tl.offsetHeight / 24) * 7 - 8;
}

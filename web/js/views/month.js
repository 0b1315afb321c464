// #/month (#/month/2026-12): months one after another in a scrolling box; more are added at
// either end as the student scrolls near it (IntersectionObserver on two sentinels). Each month
// is its own table, so each day appears once (data-testid day-cell-YYYY-MM-DD), with its label
// sticky at the top while the month is in view. Data: calendar-data.js (agenda, tasks, labels).

import { h, srOnly, quietLabel } from '../dom.js';
import { monthWeeks, weekdayKeys, addMonths, addDays, todayKey, firstDayOfWeek, fmtMonth, fmtDay, fmtWeekday, isMonth, monthOf, firstOfMonth } from '../dates.js';
import { loadRange, daySummary } from '../calendar-data.js';
import { eventChip, taskChip, labelChip } from '../components/chips.js';
import { agendaSummary } from '../components/agenda-summary.js';
import { getCalendars } from '../store.js';
import { showProblem } from '../problem.js';

const MAX_ITEMS = 3;
const REACH = 24; // months either side of the start, so scrolling cannot run away

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const today = todayKey(tz);
  const firstDay = firstDayOfWeek(navigator.language);
  const start = isMonth(ctx.params.month) ? ctx.params.month : monthOf(today);
  const calendars = getCalendars().catch(() => []).then((cs) => new Map(cs.map((c) => [c.id, c])));

  const topSentinel = h('div', { class: 'sentinel', 'aria-hidden': 'true' });
  const bottomSentinel = h('div', { class: 'sentinel', 'aria-hidden': 'true' });
  const scroller = h('div', { class: 'month-scroller', testid: 'month-view', role: 'region', 'aria-label': 'Months, scroll for more' }, topSentinel, bottomSentinel);
  const sections = new Map();
  const jump = h('input', { type: 'month', id: 'month-jump', value: start });

  root.append(
    h('div', { class: 'view-head' }, h('h1', null, 'Month'),
      h('div', { class: 'toolbar' },
        h('button', { type: 'button', class: 'secondary', onclick: () => goTo(monthOf(today)) }, 'Today'),
        h('form', { class: 'inline-field', onsubmit: (e) => { e.preventDefault(); if (isMonth(jump.value)) goTo(jump.value); } },
          quietLabel('Month to show', jump), h('button', { type: 'submit', class: 'secondary' }, 'Go')),
        h('button', { type: 'button', testid: 'new-event', onclick: () => editor().then((m) => m.newEvent(today, tz, refreshAll)) }, 'New event'))),
    agendaSummary(ctx),
    scroller);

  // The editor loads on first use: it is not needed to show the month.
  const editor = () => import('../components/event-editor.js');
  const open = (occ) => editor().then((m) => m.openOccurrence(occ, tz, refreshAll));

  function monthSection(ym) {
    const [y, m] = ym.split('-').map(Number);
    const id = 'month-' + ym;
    const cells = new Map();
    const head = h('tr', null, weekdayKeys(firstDay).map((k) =>
      h('th', { scope: 'col', abbr: fmtWeekday(k, 'long') }, h('span', { 'aria-hidden': 'true' }, fmtWeekday(k, 'short')), srOnly(fmtWeekday(k, 'long')))));
    const body = h('tbody', null, monthWeeks(ym, firstDay).map((week) => h('tr', null, week.map((k) => {
      if (!k) return h('td', { class: 'empty' });
      const num = h('a', { class: 'day-num', href: '#/day/' + k, 'data-date': k, 'aria-label': fmtDay(k) + (k === today ? ', today' : '') }, String(Number(k.slice(8))));
      const labels = h('ul', { class: 'labels' });
      const items = h('div', { class: 'cell-items' });
      const wd = new Date(k + 'T12:00:00Z').getUTCDay();
      const td = h('td', { class: 'day' + (k === today ? ' today' : '') + (wd === 0 || wd === 6 ? ' weekend' : ''), testid: 'day-cell-' + k },
        h('div', { class: 'cell' }, num, labels, items));
      if (k === today) td.setAttribute('aria-current', 'date');
      cells.set(k, { num, labels, items });
      return td;
    }))));
    const el = h('section', { class: 'month ' + (((y * 12 + m - 1) % 2) ? 'month-odd' : 'month-even'), 'data-month': ym, 'aria-labelledby': id },
      h('h2', { class: 'month-label', id, testid: 'month-label' }, fmtMonth(ym)),
      h('table', { class: 'month-grid', 'aria-labelledby': id }, h('thead', null, head), body));
    const s = { el, cells, ym };
    sections.set(ym, s);
    fill(s);
    return el;
  }

  async function fill(s) {
    s.el.setAttribute('aria-busy', 'true');
    try {
      const [calById, data] = await Promise.all([calendars, loadRange(firstOfMonth(s.ym), firstOfMonth(addMonths(s.ym, 1)), tz, { signal })]);
      for (const [k, c] of s.cells) {
        const b = data.day(k);
        c.labels.replaceChildren(...b.labels.map(labelChip));
        const all = [...b.events.map((o) => eventChip(o, tz, calById.get(o.calendarId), open, { day: k })), ...b.tasks.map((t) => taskChip(t, k))];
        const room = Math.max(1, MAX_ITEMS - b.labels.length);
        const shown = all.length > room + 1 ? all.slice(0, room) : all;
        c.items.replaceChildren(...shown);
        if (shown.length < all.length) {
          c.items.append(h('a', { class: 'more', href: '#/day/' + k, 'aria-label': `${all.length - shown.length} more on ${fmtDay(k)}` }, `+${all.length - shown.length} more`));
        }
        c.num.setAttribute('aria-label', `${fmtDay(k)}${k === today ? ', today' : ''}, ${daySummary(b)}`);
      }
      // The moment the month asked for shows its events: what Benchmarks/web/first_load.py times.
      if (s.ym === start && !performance.getEntriesByName('campuscal:month-shown').length) performance.mark('campuscal:month-shown');
    } catch (e) {
      if (e.name !== 'AbortError') showProblem(s.el, e);
    } finally {
      s.el.removeAttribute('aria-busy');
    }
  }

  function refreshAll() { for (const s of sections.values()) fill(s); }

  let first = start, last = start;
  scroller.insertBefore(monthSection(start), bottomSentinel);
  const prepend = () => {
    if (addMonths(start, -REACH) >= first) return;
    first = addMonths(first, -1);
    const before = scroller.scrollHeight;
    topSentinel.after(monthSection(first));
    scroller.scrollTop += scroller.scrollHeight - before; // keep what the student looks at in place
  };
  const appendNext = () => {
    if (addMonths(start, REACH) <= last) return;
    last = addMonths(last, 1);
    scroller.insertBefore(monthSection(last), bottomSentinel);
  };
  appendNext();
  prepend();
  const pos = () => { scroller.scrollTop = sections.get(start).el.offsetTop; };
  pos();
  requestAnimationFrame(pos);

  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      if (e.target === bottomSentinel) appendNext(); else prepend();
      // observing again delivers a fresh entry: keeps filling while the sentinel stays in reach
      io.unobserve(e.target);
      requestAnimationFrame(() => { if (!signal.aborted) io.observe(e.target); });
    }
  }, { root: scroller, rootMargin: '400px 0px' });
  requestAnimationFrame(() => { io.observe(topSentinel); io.observe(bottomSentinel); });
  signal.addEventListener('abort', () => io.disconnect());

  function goTo(ym) {
    const s = sections.get(ym);
    if (s) {
      scroller.scrollTo({ top: s.el.offsetTop, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      const a = s.el.querySelector(`a.day-num[data-date="${ym === monthOf(today) ? today : firstOfMonth(ym)}"]`);
      if (a) a.focus({ preventScroll: true });
    } else location.hash = '#/month/' + ym;
  }

  // Arrow keys move between days (±1, ±7), as in any calendar grid.
  scroller.addEventListener('keydown', (e) => {
    const a = e.target.closest && e.target.closest('a.day-num');
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (!a || !step) return;
    const next = scroller.querySelector(`a.day-num[data-date="${addDays(a.dataset.date, step)}"]`);
    if (next) { e.preventDefault(); next.focus(); next.scrollIntoView({ block: 'nearest' }); }
  });

  window.addEventListener('campuscal:notice', (e) => {
    if (['invitation', 'share', 'assignment'].includes(e.detail.kind)) refreshAll();
  }, { signal });
}

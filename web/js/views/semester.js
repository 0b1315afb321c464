// #/semester (#/semester/2026-08): a term at a glance — small month grids (Spring Jan–May,
// Summer Jun–Jul, Fall Aug–Dec) marking days with events, work due and labels, and the term's
// holidays listed below. One load for the whole term (the agenda window may be up to 367 days).

import { h } from '../dom.js';
import { monthWeeks, weekdayKeys, addMonths, firstOfMonth, todayKey, firstDayOfWeek, fmtMonth, fmtDay, fmtWeekday, fmtShortDay, isMonth, monthOf } from '../dates.js';
import { loadRange, daySummary } from '../calendar-data.js';
import { showProblem } from '../problem.js';

/** The term holding month `ym`: { start: 'YYYY-MM', months, name }. */
export function termOf(ym) {
  const [y, m] = ym.split('-').map(Number);
  if (m <= 5) return { start: `${y}-01`, months: 5, name: `Spring ${y}` };
  if (m <= 7) return { start: `${y}-06`, months: 2, name: `Summer ${y}` };
  return { start: `${y}-08`, months: 5, name: `Fall ${y}` };
}

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const today = todayKey(tz);
  const term = termOf(isMonth(ctx.params.month) ? ctx.params.month : monthOf(today));
  const months = Array.from({ length: term.months }, (_, i) => addMonths(term.start, i));
  const firstDay = firstDayOfWeek(navigator.language);
  const prev = termOf(addMonths(term.start, -1)).start, next = addMonths(term.start, term.months);
  const grids = h('div', { class: 'semester-grid', testid: 'semester-view' });
  const holidays = h('ul', { class: 'term-labels' });
  root.append(
    h('div', { class: 'view-head' }, h('h1', null, term.name),
      h('nav', { class: 'toolbar', 'aria-label': 'Terms' },
        h('a', { class: 'button secondary', href: '#/semester/' + prev }, '← Previous term'),
        h('a', { class: 'button secondary', href: '#/semester' }, 'This term'),
        h('a', { class: 'button secondary', href: '#/semester/' + next }, 'Next term →'))),
    grids,
    h('section', { class: 'card', 'aria-labelledby': 'term-labels-h' }, h('h2', { id: 'term-labels-h' }, 'Holidays and key dates'), holidays));

  let data;
  try {
    data = await loadRange(firstOfMonth(months[0]), firstOfMonth(next), tz, { signal });
  } catch (e) { if (e.name !== 'AbortError') showProblem(root, e); return; }

  grids.append(...months.map((ym) => {
    const id = 'sem-' + ym;
    return h('section', { class: 'mini-month', 'aria-labelledby': id },
      h('h2', { id, class: 'month-label', testid: 'month-label' }, fmtMonth(ym)),
      h('table', { class: 'mini-grid', 'aria-labelledby': id },
        h('thead', null, h('tr', null, weekdayKeys(firstDay).map((k) => h('th', { scope: 'col', abbr: fmtWeekday(k, 'long') }, fmtWeekday(k, 'narrow'))))),
        h('tbody', null, monthWeeks(ym, firstDay).map((w) => h('tr', null, w.map((k) => {
          if (!k) return h('td', { class: 'empty' });
          const b = data.day(k);
          const cls = ['mini-day', b.events.length && 'has-events', b.tasks.length && 'has-due', b.labels.length && 'has-label', k === today && 'today'].filter(Boolean).join(' ');
          return h('td', { class: cls, testid: 'day-cell-' + k },
            h('a', { href: '#/day/' + k, 'aria-label': `${fmtDay(k)}${k === today ? ', today' : ''}, ${daySummary(b)}`, title: b.labels.map((l) => l.label).join(', ') || null },
              String(Number(k.slice(8)))));
        }))))));
  }));
  holidays.replaceChildren(...(data.labels.length ? data.labels.map((l) => h('li', { testid: 'day-label' },
    h('a', { href: '#/day/' + l.date }, fmtShortDay(l.date)), ' — ', l.label)) : [h('li', { class: 'muted' }, 'None in this term.')]));
  root.append(h('p', { class: 'legend' }, h('span', { class: 'dot has-events' }), ' events  ', h('span', { class: 'dot has-due' }), ' work due  ',
    h('span', { class: 'dot has-label' }), ' holiday or label'));
}

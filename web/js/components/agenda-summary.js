// The "what is due" card: GET /api/v1/agenda/summary?range=today|week|month. Its `text` is
// written for screen readers and speech, so it is shown as is. Refreshed live: when a notice
// arrives (campuscal:notice, from notifications.js) or the student changes a task
// (campuscal:tasks-changed), until the view it is in goes away (ctx.signal).

import { get } from '../api.js';
import { h, select, uid } from '../dom.js';
import { fmtDateTime, fmtDay } from '../dates.js';

export function agendaSummary(ctx) {
  const id = uid('sum');
  const range = select({ name: 'range', id: id + '-range' }, [['today', 'Today'], ['week', 'Next 7 days'], ['month', 'Next 30 days']],
    sessionStorage.getItem('campuscal.summaryRange') || 'week');
  const text = h('p', { class: 'summary-text' }, 'Loading…');
  const list = h('ul', { class: 'summary-items' });
  const card = h('section', { class: 'card summary', testid: 'agenda-summary', 'aria-labelledby': id },
    h('div', { class: 'card-head' }, h('h2', { id }, 'Due soon'),
      h('div', { class: 'inline-field' }, h('label', { for: range.id }, 'Show'), range)),
    text, list);

  let seq = 0;
  async function refresh() {
    const mine = ++seq;
    try {
      const s = await get('/api/v1/agenda/summary', { range: range.value }, { signal: ctx.signal });
      if (mine !== seq) return;
      text.textContent = s.text;
      list.replaceChildren(...s.items.slice(0, 8).map((it) => h('li', null,
        h('a', { href: '#/tasks' }, it.task.title), it.task.course ? ` (${it.task.course})` : '', ' — ',
        h('time', { datetime: it.dueAt }, it.due && it.due.date ? fmtDay(it.due.date, { weekday: 'short', day: 'numeric', month: 'short' }) : fmtDateTime(it.dueAt, ctx.tz)))));
    } catch (e) {
      if (e.name !== 'AbortError' && mine === seq) text.textContent = 'The summary could not be loaded: ' + e.message;
    }
  }
  range.addEventListener('change', () => { sessionStorage.setItem('campuscal.summaryRange', range.value); refresh(); });
  window.addEventListener('campuscal:notice', refresh, { signal: ctx.signal });
  window.addEventListener('campuscal:tasks-changed', refresh, { signal: ctx.signal });
  refresh();
  return card;
}

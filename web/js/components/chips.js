// The small items calendar cells are made of: an event (a button that opens it), a task due
// (a link to its day, where it can be ticked off) and a day label (holiday, plugin label).
// Calendar colours come from the API and go in as a CSS custom property (CSSOM, CSP-safe);
// they colour a stripe only, never the text, so contrast never depends on them.

import { h, srOnly } from '../dom.js';
import { fmtTime, instantKey } from '../dates.js';

export function eventChip(occ, tz, cal, onOpen, { day } = {}) {
  const cancelled = /cancel/i.test(occ.status);
  // a timed event running past midnight shows its start time on its first day only
  const time = occ.allDay ? '' : !day || instantKey(occ.startsAt, tz) === day ? fmtTime(occ.startsAt, tz) : '…';
  const btn = h('button', { type: 'button', class: 'ev' + (cancelled ? ' cancelled' : '') + (occ.allDay ? ' all-day' : ''), testid: 'event-item',
    'data-event-id': occ.eventId || '', 'data-occurrence-id': occ.occurrenceId || '', onclick: () => onOpen(occ) },
    time && h('span', { class: 'ev-time' }, time + ' '),
    h('span', { class: 'ev-title' }, occ.title),
    cancelled && srOnly(' (cancelled)'),
    cal && srOnly(`, ${cal.name}`));
  if (cal && cal.color) btn.style.setProperty('--cal', cal.color);
  return btn;
}

export function taskChip(task, dayKey) {
  const done = task.status === 'completed';
  return h('a', { class: 'task-chip' + (done ? ' done' : ''), href: '#/day/' + dayKey, testid: 'task-item', 'data-task-id': task.id },
    h('span', { class: 'chip-kind' }, task.kind === 'assignment' ? 'Due' : 'Task'), ' ',
    h('span', { class: 'ev-title' }, task.title),
    done && srOnly(' (completed)'));
}

export function labelChip(label) {
  return h('li', { class: 'day-label kind-' + String(label.kind).replace(/[^a-z0-9-]/gi, ''), testid: 'day-label', title: label.label }, label.label);
}

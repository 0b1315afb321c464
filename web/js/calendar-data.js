// What the calendar views show for a window of days, bucketed by day in the student's zone:
// occurrences from GET /api/v1/agenda (every calendar the student sees, shared ones and accepted
// invitations included — one request instead of one per calendar), tasks due from
// GET /api/v1/tasks?dueFrom&dueBefore, and holidays/plugin labels from GET /api/v1/day-labels.

import { get } from './api.js';
import { addDays, occurrenceDays, taskDayKey } from './dates.js';

/** Load [from, to) (day keys). Returns { day(key) → { events, tasks, labels } }. */
export async function loadRange(from, to, tz, { signal, tasks = true } = {}) {
  const [agenda, taskList, labels] = await Promise.all([
    get('/api/v1/agenda', { from, to, tz }, { signal }),
    tasks ? get('/api/v1/tasks', { dueFrom: from, dueBefore: to, tz }, { signal }) : { items: [] },
    get('/api/v1/day-labels', { from, to: addDays(to, -1) }, { signal }),
  ]);
  const days = new Map();
  const bucket = (k) => {
    let b = days.get(k);
    if (!b) { b = { events: [], tasks: [], labels: [] }; days.set(k, b); }
    return b;
  };
  for (const occ of agenda.items) {
    for (const k of occurrenceDays(occ, tz)) if (k >= from && k < to) bucket(k).events.push(occ);
  }
  for (const t of taskList.items) {
    const k = taskDayKey(t, tz);
    if (k && k >= from && k < to) bucket(k).tasks.push(t);
  }
  for (const l of labels.items) bucket(l.date).labels.push(l);
  // all-day first, then by start
  for (const b of days.values()) b.events.sort((a, c) => (c.allDay - a.allDay) || a.startsAt.localeCompare(c.startsAt));
  const empty = { events: [], tasks: [], labels: [] };
  return { day: (k) => days.get(k) || empty, occurrences: agenda.items, tasks: taskList.items, labels: labels.items };
}

/** "3 events, 1 due, Thanksgiving Day": what a day holds, for screen readers. */
export function daySummary(b) {
  const parts = [];
  parts.push(b.events.length === 1 ? '1 event' : `${b.events.length} events`);
  if (b.tasks.length) parts.push(b.tasks.length === 1 ? '1 task due' : `${b.tasks.length} tasks due`);
  for (const l of b.labels) parts.push(l.label);
  return parts.join(', ');
}

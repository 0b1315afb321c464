// Creating, changing, moving and cancelling events, and single occurrences of a series.
//
// A repeating event asks first what to open: this occurrence, this and following, or the whole
// series — then saves through the matching endpoint: PATCH/DELETE /api/v1/events/{id} for the
// series (or a one-off), PATCH/DELETE /api/v1/events/{id}/occurrences/{occurrenceId}?range=…
// for occurrences. Changes are JSON merge patches of the fields the student touched only, sent
// with the ETag read (If-Match), so someone else's change in the meantime is a 412, not lost.
// Times are typed in the student's zone and sent as zoned times ({dateTime, timeZone}).

import { request, post, seg } from '../api.js';
import { h, field, select } from '../dom.js';
import { openDialog, choose, confirmDialog } from '../dialog.js';
import { attempt, onSubmit } from '../problem.js';
import { getCalendars, canWrite } from '../store.js';
import { instantKey, hhmm, addDays, diffDays, fmtDateTime, fmtTime, fmtDay, zonedToInstant } from '../dates.js';
import { announce } from '../live.js';

const REPEATS = [['', 'Does not repeat'], ['FREQ=DAILY', 'Every day'], ['FREQ=WEEKLY', 'Every week'],
  ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday (Mon–Fri)'], ['FREQ=MONTHLY', 'Every month'], ['FREQ=YEARLY', 'Every year']];
const REMINDERS = [['', 'No reminder'], ['10', '10 minutes before'], ['30', '30 minutes before'], ['60', '1 hour before'], ['1440', '1 day before']];

/** "Fri 4 Dec 2026, 15:00 – 16:00" in the student's zone. */
export function whenText(occ, tz) {
  if (occ.allDay && occ.start && occ.start.date) {
    const last = occ.end && occ.end.date ? addDays(occ.end.date, -1) : occ.start.date;
    return last > occ.start.date ? `${fmtDay(occ.start.date)} – ${fmtDay(last)}` : fmtDay(occ.start.date);
  }
  const sameDay = instantKey(occ.startsAt, tz) === instantKey(occ.endsAt, tz);
  return `${fmtDateTime(occ.startsAt, tz)} – ${sameDay ? fmtTime(occ.endsAt, tz) : fmtDateTime(occ.endsAt, tz)}`;
}

/** An EventTime as { date, time } in `tz` (zoned and UTC times converted; floating kept). */
function local(et, tz) {
  if (!et) return null;
  if (et.date) return { date: et.date, time: '' };
  const s = et.dateTime;
  let instant;
  if (/[zZ]$|[+-]\d\d:?\d\d$/.test(s)) instant = new Date(s);
  else if (et.timeZone) instant = zonedToInstant(s.slice(0, 10), s.slice(11, 16), et.timeZone);
  else return { date: s.slice(0, 10), time: s.slice(11, 16) };
  return { date: instantKey(instant, tz), time: hhmm(instant, tz) };
}

const encodeTime = (date, time, allDay, tz) => (allDay ? { date } : { dateTime: `${date}T${time || '00:00'}:00`, timeZone: tz });

/** New event on `dayKey`. */
export async function newEvent(dayKey, tz, onChange, preset = {}) {
  const cals = (await getCalendars()).filter(canWrite);
  return editor({ mode: 'create', tz, cals, onChange, values: {
    title: '', allDay: false, start: dayKey, startTime: preset.startTime || '09:00', end: dayKey, endTime: preset.endTime || '10:00',
    location: '', description: '', url: '', recurrenceRule: '', reminder: '' } });
}

/** Open an occurrence from a calendar view. */
export async function openOccurrence(occ, tz, onChange) {
  const cals = await getCalendars();
  const cal = cals.find((c) => c.id === occ.calendarId);
  if (!occ.eventId || !cal || !canWrite(cal)) return details(occ, tz, cal);
  let scope = 'series';
  if (occ.recurrenceId && occ.occurrenceId) {
    scope = await choose('Repeating event', `“${occ.title}” repeats. Which do you want to open?`,
      [['thisOccurrence', 'This occurrence'], ['thisAndFuture', 'This and following'], ['series', 'The whole series']]);
    if (!scope) return;
  }
  let got;
  try { got = await request('GET', `/api/v1/events/${seg(occ.eventId)}`); } catch { return details(occ, tz, cal); }
  const event = got.data;
  const useOcc = scope !== 'series';
  const s = useOcc ? (occ.allDay ? { date: occ.start.date, time: '' } : { date: instantKey(occ.startsAt, tz), time: hhmm(occ.startsAt, tz) }) : local(event.start, tz);
  const e = useOcc ? (occ.allDay ? { date: occ.end.date, time: '' } : { date: instantKey(occ.endsAt, tz), time: hhmm(occ.endsAt, tz) }) : local(event.end, tz);
  const allDay = useOcc ? occ.allDay : event.allDay;
  const firstReminder = event.reminders.find((r) => 'minutesBefore' in r);
  return editor({ mode: scope, tz, cals: [cal], onChange, event, occ, etag: got.etag, values: {
    title: useOcc ? occ.title : event.title, allDay, start: s.date, startTime: s.time || '09:00',
    end: allDay ? addDays(e.date, -1) : e.date, endTime: e.time || '10:00',
    location: (useOcc ? occ.location : event.location) || '', description: event.description || '', url: event.url || '',
    recurrenceRule: event.recurrenceRule || '', reminder: firstReminder ? String(firstReminder.minutesBefore) : '' } });
}

/** Read-only: busy time, or a calendar the student may only read. */
function details(occ, tz, cal) {
  return openDialog(occ.title, (d, close) => {
    d.append(h('dl', { class: 'facts' },
      h('dt', null, 'When'), h('dd', null, whenText(occ, tz)),
      occ.location && [h('dt', null, 'Where'), h('dd', null, occ.location, ' ',
        occ.mapUrl && h('a', { href: occ.mapUrl, target: '_blank', rel: 'noopener noreferrer' }, 'Map'))],
      cal && [h('dt', null, 'Calendar'), h('dd', null, `${cal.name} (you can ${cal.access === 'free-busy' ? 'see busy times' : 'read'} only)`)]),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'secondary', onclick: () => close() }, 'Close')));
  });
}

function editor({ mode, tz, cals, onChange, event, occ, etag, values }) {
  const titles = { create: 'New event', series: event && event.recurrenceRule ? 'Edit series' : 'Edit event',
    thisOccurrence: 'Edit this occurrence', thisAndFuture: 'Edit this and following' };
  return openDialog(titles[mode], (d, close) => {
    const isSeriesLevel = mode === 'create' || mode === 'series';
    const f = {
      title: h('input', { name: 'title', required: true, maxlength: 500, value: values.title }),
      calendar: mode === 'create' && cals.length ? select({ name: 'calendar' }, cals.map((c) => [c.id, c.name]), cals[0].id) : null,
      allDay: h('input', { type: 'checkbox', name: 'allDay', checked: values.allDay }),
      start: h('input', { type: 'date', name: 'start', required: true, value: values.start }),
      startTime: h('input', { type: 'time', name: 'startTime', value: values.startTime }),
      end: h('input', { type: 'date', name: 'end', required: true, value: values.end }),
      endTime: h('input', { type: 'time', name: 'endTime', value: values.endTime }),
      location: h('input', { name: 'location', maxlength: 10000, value: values.location }),
      description: h('textarea', { name: 'description', rows: 3, maxlength: 10000 }),
      url: h('input', { name: 'url', type: 'url', value: values.url, placeholder: 'https://' }),
      recurrenceRule: isSeriesLevel ? select({ name: 'recurrenceRule' },
        REPEATS.some(([v]) => v === values.recurrenceRule) ? REPEATS : [...REPEATS, [values.recurrenceRule, 'Custom: ' + values.recurrenceRule]],
        values.recurrenceRule) : null,
      reminder: isSeriesLevel ? select({ name: 'reminders' }, REMINDERS, values.reminder) : null,
    };
    f.description.value = values.description;
    const timeFields = [field('Starts at', f.startTime), field('Ends at', f.endTime)];
    const syncAllDay = () => { for (const tf of timeFields) tf.hidden = f.allDay.checked; };
    f.allDay.addEventListener('change', syncAllDay);
    syncAllDay();
    // moving the start moves the end with it, keeping the length
    f.start.addEventListener('change', () => {
      if (!f.start.value || !values.start) return;
      f.end.value = addDays(values.end, diffDays(values.start, f.start.value));
    });

    const form = h('form', { class: 'event-form', testid: 'event-form' },
      field('Title', f.title),
      f.calendar && field('Calendar', f.calendar),
      !cals.length && h('p', { class: 'hint' }, 'You have no calendar yet: a calendar named “Personal” is made for this event.'),
      field('All day', f.allDay),
      h('div', { class: 'row' }, field('Starts on', f.start), timeFields[0]),
      h('div', { class: 'row' }, field('Ends on', f.end), timeFields[1]),
      h('p', { class: 'hint' }, `Times are in your time zone, ${tz}.`),
      field('Location', f.location), field('Description', f.description), field('Link', f.url),
      f.recurrenceRule && field('Repeats', f.recurrenceRule),
      f.reminder && field('Reminder', f.reminder),
      h('div', { class: 'actions' },
        h('button', { type: 'submit', testid: 'event-save' }, mode === 'create' ? 'Create event' : 'Save changes'),
        mode !== 'create' && h('button', { type: 'button', class: 'danger', testid: 'event-cancel', onclick: () => cancel() },
          mode === 'series' ? (event.recurrenceRule ? 'Cancel series' : 'Cancel event') : 'Cancel occurrence'),
        mode === 'series' && event && h('a', { class: 'button secondary', href: '#/invitations?event=' + encodeURIComponent(event.id), onclick: () => close() }, 'Invite people'),
        h('button', { type: 'button', class: 'secondary', onclick: () => close() }, 'Close')));
    d.append(form);

    const read = () => ({ title: f.title.value.trim(), allDay: f.allDay.checked, start: f.start.value, startTime: f.startTime.value,
      end: f.end.value, endTime: f.endTime.value, location: f.location.value.trim(), description: f.description.value.trim(),
      url: f.url.value.trim(), recurrenceRule: f.recurrenceRule ? f.recurrenceRule.value : values.recurrenceRule,
      reminder: f.reminder ? f.reminder.value : values.reminder });

    onSubmit(form, async () => {
      const v = read();
      const times = () => ({ start: encodeTime(v.start, v.startTime, v.allDay, tz),
        end: encodeTime(v.allDay ? addDays(v.end, 1) : v.end, v.endTime, v.allDay, tz) });
      const body = {};
      if (mode === 'create') {
        Object.assign(body, { title: v.title }, times());
        for (const k of ['location', 'description', 'url', 'recurrenceRule']) if (v[k]) body[k] = v[k];
        if (v.reminder) body.reminders = [{ minutesBefore: Number(v.reminder) }];
      } else {
        if (v.title !== values.title) body.title = v.title;
        for (const k of ['location', 'description', 'url']) if (v[k] !== values[k]) body[k] = v[k] || null;
        if (['allDay', 'start', 'startTime', 'end', 'endTime'].some((k) => v[k] !== values[k])) Object.assign(body, times());
        if (mode === 'series' && v.recurrenceRule !== values.recurrenceRule) body.recurrenceRule = v.recurrenceRule || null;
        if (mode === 'series' && v.reminder !== values.reminder) body.reminders = v.reminder ? [{ minutesBefore: Number(v.reminder) }] : [];
        if (!Object.keys(body).length) { close(); return; }
      }
      if (mode === 'create') {
        let calId = f.calendar && f.calendar.value;
        if (!calId) {
          calId = (await post('/api/v1/calendars', { name: 'Personal' })).id;
          await getCalendars(true);
        }
        await post(`/api/v1/calendars/${seg(calId)}/events`, body);
      } else if (mode === 'series') {
        await request('PATCH', `/api/v1/events/${seg(event.id)}`, { body, etag });
      } else {
        await request('PATCH', `/api/v1/events/${seg(event.id)}/occurrences/${seg(occ.occurrenceId)}`,
          { body, etag, query: { range: mode, tz } });
      }
      announce(mode === 'create' ? `Created “${v.title}”.` : `Saved “${v.title}”.`);
      close(true);
      onChange && onChange();
    });

    async function cancel() {
      const what = mode === 'series' ? (event.recurrenceRule ? 'every occurrence of this event' : 'this event')
        : mode === 'thisOccurrence' ? 'this occurrence' : 'this occurrence and every later one';
      if (!(await confirmDialog('Cancel event?', `Cancel ${what}? It leaves the calendar; people you invited are told.`, 'Cancel it'))) return;
      attempt(form, async () => {
        if (mode === 'series') await request('DELETE', `/api/v1/events/${seg(event.id)}`, { etag });
        else await request('DELETE', `/api/v1/events/${seg(event.id)}/occurrences/${seg(occ.occurrenceId)}`, { etag, query: { range: mode } });
        announce(`Cancelled “${values.title}”.`);
        close(true);
        onChange && onChange();
      });
    }
  }, { wide: true });
}

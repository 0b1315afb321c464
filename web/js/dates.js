// Date math for the calendar views. Pure functions, no DOM, so they can be checked under node.
//
// Why civil dates are strings ("2026-12-04"): a day in the student's zone is not an instant, and
// JavaScript Dates always are. Keys sort and compare as strings, and arithmetic on them goes
// through Date.UTC, where no daylight-saving change can shift a day.

export const pad2 = (n) => String(n).padStart(2, '0');
export const key = (y, m, d) => `${y}-${pad2(m)}-${pad2(d)}`;
export const parseKey = (k) => { const [y, m, d] = k.split('-').map(Number); return { y, m, d: d || 1 }; };
export const isKey = (s) => /^\d{4}-\d{2}-\d{2}$/.test(s || '');
export const isMonth = (s) => /^\d{4}-\d{2}$/.test(s || '');

const utc = (k) => { const { y, m, d } = parseKey(k); return Date.UTC(y, m - 1, d); };
const fromUtc = (t) => { const x = new Date(t); return key(x.getUTCFullYear(), x.getUTCMonth() + 1, x.getUTCDate()); };

export const addDays = (k, n) => fromUtc(utc(k) + n * 86400000);
export const diffDays = (a, b) => Math.round((utc(b) - utc(a)) / 86400000);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (k) => new Date(utc(k)).getUTCDay();
export const daysInMonth = (y, m) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export const monthOf = (k) => k.slice(0, 7);
export function addMonths(ym, n) {
  const [y, m] = ym.split('-').map(Number);
  const t = y * 12 + (m - 1) + n;
  return `${Math.floor(t / 12)}-${pad2((t % 12) + 1)}`;
}
export const firstOfMonth = (ym) => `${ym}-01`;
/** The first day of the week holding `k`, weeks starting on `firstDay` (0 = Sunday). */
export const startOfWeek = (k, firstDay) => addDays(k, -((weekday(k) - firstDay + 7) % 7));

/** The 7 weekday keys of a week starting on `firstDay`, from a known Sunday (2023-01-01), for headers. */
export const weekdayKeys = (firstDay) => Array.from({ length: 7 }, (_, i) => addDays('2023-01-01', firstDay + i));

/** The weeks of a month as rows of 7 keys, null outside the month (each day appears once). */
export function monthWeeks(ym, firstDay) {
  const [y, m] = ym.split('-').map(Number);
  const first = firstOfMonth(ym), n = daysInMonth(y, m);
  const lead = (weekday(first) - firstDay + 7) % 7;
  const cells = Array(lead).fill(null);
  for (let d = 1; d <= n; d++) cells.push(key(y, m, d));
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// Intl formatters are slow to build; one per zone is enough.
const partsFmt = new Map();
function zoneFormatter(tz) {
  let f = partsFmt.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFmt.set(tz, f);
  }
  return f;
}

/** Wall-clock fields of an instant in `tz`. */
export function zonedParts(instant, tz) {
  const p = {};
  for (const { type, value } of zoneFormatter(tz).formatToParts(new Date(instant))) p[type] = value;
  return { y: +p.year, m: +p.month, d: +p.day, h: +p.hour % 24, mi: +p.minute, s: +p.second };
}
export const instantKey = (instant, tz) => { const p = zonedParts(instant, tz); return key(p.y, p.m, p.d); };
export const todayKey = (tz) => instantKey(Date.now(), tz);
export const minutesOfDay = (instant, tz) => { const p = zonedParts(instant, tz); return p.h * 60 + p.mi; };
export const hhmm = (instant, tz) => { const p = zonedParts(instant, tz); return `${pad2(p.h)}:${pad2(p.mi)}`; };

/** Minutes the zone is ahead of UTC at `instant`. */
export function offsetMinutes(instant, tz) {
  const t = new Date(instant).getTime();
  const p = zonedParts(t, tz);
  return Math.round((Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(t / 1000) * 1000) / 60000);
}

/** The instant a wall-clock time (day key, "HH:MM") has in `tz`; a time skipped by DST moves forward. */
export function zonedToInstant(k, time, tz) {
  const { y, m, d } = parseKey(k);
  const [h, mi] = (time || '00:00').split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, mi);
  let t = wall - offsetMinutes(wall, tz) * 60000;
  t = wall - offsetMinutes(t, tz) * 60000; // second pass settles the offset across a DST change
  return new Date(t);
}

/** Every day key an occurrence covers in `tz` (all-day ends are exclusive), at most `cap` days. */
export function occurrenceDays(occ, tz, cap = 62) {
  let first, last;
  if (occ.allDay && occ.start && occ.start.date) {
    first = occ.start.date;
    last = occ.end && occ.end.date ? addDays(occ.end.date, -1) : first;
  } else {
    first = instantKey(occ.startsAt, tz);
    const end = new Date(occ.endsAt).getTime();
    last = end > new Date(occ.startsAt).getTime() ? instantKey(end - 1, tz) : first;
  }
  if (last < first) last = first;
  const out = [];
  for (let k = first; k <= last && out.length < cap; k = addDays(k, 1)) out.push(k);
  return out;
}

/** The day key a task is due on, in `tz`: its due date, or the date of its due instant. */
export function taskDayKey(task, tz) {
  if (task.due && task.due.date) return task.due.date;
  if (task.dueAt) return instantKey(task.dueAt, tz);
  return null;
}

/** First day of the week for a locale (0 = Sunday), from Intl where the browser knows it. */
export function firstDayOfWeek(locale) {
  try {
    const l = new Intl.Locale(locale);
    const info = (l.getWeekInfo && l.getWeekInfo()) || l.weekInfo;
    if (info && info.firstDay) return info.firstDay % 7;
    const region = l.maximize().region;
    if (['US', 'CA', 'MX', 'BR', 'JP', 'KR', 'TW', 'HK', 'IL', 'PH', 'IN', 'ZA', 'SA', 'PE', 'CO', 'AR'].includes(region)) return 0;
  } catch { /* unknown locale: fall through */ }
  return 1;
}

// Display helpers: always the student's zone for instants; civil dates are formatted at noon UTC
// in UTC, so the shown day can never slide into a neighbour.
const fmtCache = new Map();
function fmt(opts) {
  const k = JSON.stringify(opts);
  let f = fmtCache.get(k);
  if (!f) { f = new Intl.DateTimeFormat(typeof navigator === 'undefined' ? 'en' : navigator.language, opts); fmtCache.set(k, f); }
  return f;
}
const noon = (k) => { const { y, m, d } = parseKey(k); return new Date(Date.UTC(y, m - 1, d, 12)); };
export const fmtDay = (k, opts = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) =>
  fmt({ ...opts, timeZone: 'UTC' }).format(noon(k));
export const fmtMonth = (ym) => fmt({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon(`${ym}-01`));
export const fmtWeekday = (k, style = 'short') => fmt({ weekday: style, timeZone: 'UTC' }).format(noon(k));
export const fmtTime = (instant, tz) => fmt({ hour: 'numeric', minute: '2-digit', timeZone: tz }).format(new Date(instant));
export const fmtDateTime = (instant, tz) =>
  fmt({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: tz })
    .format(new Date(instant));
export const fmtShortDay = (k) => fmt({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(noon(k));

// Small shared caches that several views read: the calendar list (colours, who may write) and
// the groups. Cleared on every change the app makes to them, and at logout.

import { getAll, get } from './api.js';

let calendars = null;
let groups = null;

export async function getCalendars(fresh = false) {
  if (!calendars || fresh) calendars = getAll('/api/v1/calendars').catch((e) => { calendars = null; throw e; });
  return calendars;
}
export async function getGroups(fresh = false) {
  if (!groups || fresh) groups = get('/api/v1/groups').then((g) => g.items).catch((e) => { groups = null; throw e; });
  return groups;
}
export const canWrite = (cal) => ['owner', 'manage', 'write'].includes(cal.access);
export function forget() { calendars = null; groups = null; }

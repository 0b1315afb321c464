// Notices: the unread badge in the header, the inbox dialog, and the live stream.
//
// The stream (GET /api/v1/notifications/stream) is read with fetch() because it needs the
// bearer header. Each `notice` event refreshes the badge from the inbox (the inbox is the truth:
// it also counts notices that arrived while the stream was down), is announced in the live
// region, and is re-broadcast as a `campuscal:notice` window event for views that show what
// it may have changed (the agenda summary).

import { get, post, seg } from './api.js';
import { session } from './session.js';
import { sseParser } from './sse.js';
import { announce } from './live.js';
import { h } from './dom.js';
import { openDialog } from './dialog.js';
import { fmtDateTime } from './dates.js';

let controller = null;
let items = [];

export function startNotices() {
  stopNotices();
  controller = new AbortController();
  refreshInbox();
  stream(controller.signal);
  // The stream is silent while device delivery is off; the inbox still counts, so look now and then.
  const poll = setInterval(refreshInbox, 120000);
  controller.signal.addEventListener('abort', () => clearInterval(poll));
}
export function stopNotices() { if (controller) controller.abort(); controller = null; setBadge(0); }

export async function refreshInbox() {
  try {
    const inbox = await get('/api/v1/notifications');
    items = inbox.items;
    setBadge(inbox.unreadCount);
  } catch { /* the badge keeps its last count; a 401 has already ended the session */ }
}

function setBadge(n) {
  const badge = document.querySelector('[data-testid="unread-badge"]');
  const btn = document.getElementById('notices-button');
  if (!badge || !btn) return;
  badge.textContent = String(n);
  badge.classList.toggle('zero', n === 0);
  btn.setAttribute('aria-label', `Inbox, ${n} unread notifications`);
}

const wait = (ms, signal) => new Promise((r) => { const t = setTimeout(r, ms); signal.addEventListener('abort', () => { clearTimeout(t); r(); }, { once: true }); });

async function stream(signal) {
  let retry = 5000;
  while (!signal.aborted && session.token) {
    try {
      const res = await fetch('/api/v1/notifications/stream', {
        headers: { Authorization: 'Bearer ' + session.token, Accept: 'text/event-stream' }, signal, cache: 'no-store',
      });
      if (res.status === 401) { session.end('expired'); return; }
      if (res.ok && res.body) {
        const feed = sseParser(onEvent, (ms) => { retry = ms; });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
        refreshInbox(); // what came while we reconnect is in the inbox
      } else if (res.status === 429) {
        retry = Math.max(retry, 30000); // too many open streams (another tab): try far less often
      }
    } catch {
      if (signal.aborted) return;
    }
    await wait(retry, signal);
  }
}

function onEvent({ event, data }) {
  if (event !== 'notice') return;
  let notice;
  try { notice = JSON.parse(data); } catch { return; }
  refreshInbox();
  announce(`${notice.title}${notice.body ? ': ' + notice.body : ''}`);
  window.dispatchEvent(new CustomEvent('campuscal:notice', { detail: notice }));
}

/** The view a notice's API link belongs to. */
export function routeFor(link) {
  if (!link) return null;
  const m = /^\/api\/v1\/([^/]+)\/?([^/?]*)/.exec(link);
  if (!m) return null;
  const [, kind, id] = m;
  if (kind === 'groups' && id) return '#/groups/' + encodeURIComponent(id);
  return { invitations: '#/invitations', 'group-invitations': '#/invitations', tasks: '#/tasks', todo: '#/todo',
    events: '#/agenda', calendars: '#/shares', 'calendar-shares': '#/shares', 'maintenance-notices': '#/agenda',
    lms: '#/settings', me: '#/settings' }[kind] || null;
}

/** The inbox dialog: unread notices, newest first, each with "Mark read". */
export async function openInbox() {
  await refreshInbox();
  const tz = session.tz;
  await openDialog('Notifications', (d, close) => {
    const list = h('ul', { class: 'notices' });
    const render = () => {
      list.replaceChildren(...(items.length ? items.map((n) => {
        const route = routeFor(n.link);
        const markBtn = h('button', { type: 'button', class: 'secondary small', onclick: async () => {
          markBtn.disabled = true;
          try { await post(`/api/v1/notifications/${seg(n.id)}/read`); } catch { markBtn.disabled = false; return; }
          items = items.filter((x) => x.id !== n.id);
          await refreshInbox();
          render();
          (list.querySelector('button') || d.querySelector('.actions button')).focus();
        } }, 'Mark read');
        return h('li', { class: 'notice', testid: 'notice-item' },
          h('p', { class: 'notice-title' }, h('strong', null, n.title), ' ', h('span', { class: 'muted' }, '· ' + fmtDateTime(n.createdAt, tz))),
          n.body && h('p', null, n.body),
          h('div', { class: 'actions' }, route && h('a', { href: route, onclick: () => close() }, 'Open'), markBtn));
      }) : [h('li', { class: 'muted' }, 'No unread notifications.')]));
    };
    render();
    d.append(list, h('div', { class: 'actions' }, h('button', { type: 'button', class: 'secondary', onclick: () => close() }, 'Close')));
  });
}

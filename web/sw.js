// CampusCal's service worker: shows the notices the server sends by Web Push (RFC 8030, payload
// encrypted per RFC 8291, signed per RFC 8292) while no CampusCal tab is open. The browser's push
// service hands it the decrypted JSON {id, kind, title, body, link}; it shows that and, on a click,
// brings CampusCal to the front on the right page.
//
// Deliberately small:
// - no fetch handler: nothing is cached and every request still goes straight to the server (offline
//   use is not a goal, and a fetch handler would only add a hop to every request and a stale-cache risk);
// - a classic script with no imports: under the CSP (worker-src 'self', script-src 'self') nothing
//   from another host could load anyway, and module workers are not in every browser yet;
// - no pushsubscriptionchange handler: the worker has no bearer token (it lives in the page's
//   sessionStorage), so it cannot tell the server a new endpoint. The old one answers 404/410, the
//   server drops it, and the person turns notifications on again in Settings.
//
// It is served at /assets/<build>/sw.js with `Service-Worker-Allowed: /` and registered with scope
// '/' (web/js/components/push.js). A new build has a new URL: registering it replaces the script in
// the same registration, which keeps the push subscription.

// The icon beside the same build's other assets, found from where this script was loaded.
const ICON = new URL('favicon.svg', self.location.href).href;

// A new build's worker takes over at once (it holds no caches to hand over), and claims the open
// tabs so that notificationclick may navigate them (WindowClient.navigate needs a controlled tab).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let notice = null;
  try { notice = event.data ? event.data.json() : null; } catch { notice = null; }
  if (!notice || typeof notice !== 'object') notice = {};
  const text = (v) => (typeof v === 'string' ? v : '');
  // A push must always show something (the page subscribed with userVisibleOnly), so anything
  // unreadable becomes a plain "CampusCal" notice that opens the app.
  const title = text(notice.title) || 'CampusCal';
  const body = text(notice.body) || (text(notice.title) ? '' : 'You have a new notice. Open CampusCal to read it.');
  const options = { body, icon: ICON, data: { link: text(notice.link) || null } };
  if (notice.id != null) options.tag = String(notice.id); // the same notice sent twice replaces itself
  event.waitUntil(self.registration.showNotification(title, options));
});

// The page a notice's link leads to: an app path ("/#/invitations") as it is, an API path (what
// the inbox holds, "/api/v1/invitations/…") through the same table as routeFor() in
// js/notifications.js (keep the two in step), anything else the app's start.
function pageFor(link) {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return '/';
  if (link === '/' || link.startsWith('/#/')) return link;
  const m = /^\/api\/v1\/([^/?#]+)\/?([^/?#]*)/.exec(link);
  if (!m) return '/';
  if (m[1] === 'groups' && m[2]) return '/#/groups/' + encodeURIComponent(m[2]);
  const hash = { invitations: '#/invitations', 'group-invitations': '#/invitations', tasks: '#/tasks', todo: '#/todo',
    events: '#/agenda', calendars: '#/shares', 'calendar-shares': '#/shares', 'maintenance-notices': '#/agenda',
    lms: '#/settings', me: '#/settings' }[m[1]];
  return hash ? '/' + hash : '/';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(pageFor(event.notification.data && event.notification.data.link), self.location.origin).href;
  event.waitUntil((async () => {
    // A CampusCal tab already open (the app is the page at "/"): bring it forward on that page,
    // keeping its session (the token is per tab). Otherwise open a new one.
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const tab = tabs.find((c) => new URL(c.url).pathname === '/');
    if (tab) {
      try {
        const focused = await tab.focus();
        if (focused.url !== url) await focused.navigate(url).catch(() => null);
        return;
      } catch { /* not allowed to focus it (no user activation left): open a new tab instead */ }
    }
    await self.clients.openWindow(url);
  })());
});

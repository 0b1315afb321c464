// "Notifications on this device": Web Push, so reminders and notices show while no CampusCal tab
// is open. On the button (never on page load) it asks the browser's permission, registers the
// service worker (web/sw.js, scope '/'), subscribes with the server's VAPID key
// (GET /api/v1/push/public-key) and gives the server the subscription
// (POST /api/v1/me/push-subscriptions). Turning it off unsubscribes and deletes the server's
// record; every subscribed browser of the account is listed (GET …) with a Remove button (DELETE …/{id}).

import { get, post, del, seg } from '../api.js';
import { h, section, button, busy } from '../dom.js';
import { attempt, showProblem, localProblem } from '../problem.js';
import { fmtDateTime } from '../dates.js';
import { announce } from '../live.js';

const ROOT = new URL('../../', import.meta.url); // /assets/<build>/, where sw.js is served
const API = '/api/v1/me/push-subscriptions';
const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
const keyBytes = (b64u) => Uint8Array.from(atob(b64u.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - b64u.length % 4) % 4)), (c) => c.charCodeAt(0));
const sameKey = (buffer, bytes) => !!buffer && buffer.byteLength === bytes.length && new Uint8Array(buffer).every((b, i) => b === bytes[i]);
// A browser's own error (a DOMException) shown like a problem; showProblem alone would hide an "AbortError".
const browserProblem = (what, e) => localProblem(`${what}: ${(e && e.message) || e}.`);
// Chromium keeps retrying a push service it cannot reach (a campus firewall) and never answers: give up.
const within = (promise, seconds) => Promise.race([promise,
  new Promise((_, no) => setTimeout(() => no(new Error(`no answer within ${seconds} seconds`)), seconds * 1000))]);
const BLOCKED = 'Notifications are blocked for CampusCal in this browser. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, then reload this page.';

/** Who delivers for an endpoint, by its push service's host: the endpoint itself is a secret address. */
function serviceName(endpoint) {
  let host = '';
  try { host = new URL(endpoint).hostname; } catch { /* shown as "a browser" */ }
  if (/(^|\.)googleapis\.com$/.test(host)) return 'Chrome, Edge or Android (Google push service)';
  if (/(^|\.)mozilla\.com$/.test(host)) return 'Firefox (Mozilla push service)';
  if (/(^|\.)push\.apple\.com$/.test(host)) return 'Safari (Apple push service)';
  if (/(^|\.)notify\.windows\.com$/.test(host)) return 'Edge (Microsoft push service)';
  return host ? `A browser (push service ${host})` : 'A browser';
}

export function pushSection(ctx) {
  const status = h('p', { role: 'status', testid: 'push-status' }, 'Checking this browser…');
  const list = h('ul', { class: 'items', testid: 'push-devices' });
  const enable = h('button', { type: 'button', testid: 'push-enable', hidden: true }, 'Turn on for this browser');
  const disable = h('button', { type: 'button', class: 'secondary', testid: 'push-disable', hidden: true }, 'Turn off for this browser');
  const sec = section('Notifications on this device',
    h('p', null, 'CampusCal can show your reminders, invitations, grades and other notices on this computer or phone even while no CampusCal tab is open. They follow your notification settings above: when notifications are off, nothing is shown.'),
    h('p', { class: 'muted' }, 'Logging out turns this off in this browser, so on a shared computer the next person does not see your notices.'),
    status, h('div', { class: 'actions' }, enable, disable), h('h3', null, 'Browsers that receive your notices'), list);
  let serverKey = null; // the VAPID public key, fetched early so the click goes straight to the browser's prompt
  let mine = null; // this browser's PushSubscription, if any

  const current = async () => {
    const reg = supported() ? await navigator.serviceWorker.getRegistration('/') : null;
    return reg ? reg.pushManager.getSubscription() : null;
  };

  async function refresh() {
    mine = await current().catch(() => null);
    const { items } = await get(API, null, { signal: ctx.signal });
    const known = mine && items.some((s) => s.endpoint === mine.endpoint);
    list.replaceChildren(...(items.length ? items.map((s) => {
      const name = s.endpoint === (mine && mine.endpoint) ? 'This browser' : serviceName(s.endpoint);
      const li = h('li', { class: 'item', testid: 'push-device' }, h('strong', null, name), ` — added ${fmtDateTime(s.createdAt, ctx.tz)}, `,
        s.lastDeliveredAt ? `last notice ${fmtDateTime(s.lastDeliveredAt, ctx.tz)} ` : 'no notice yet ');
      li.append(button('Remove', (e) => busy(e.currentTarget, () => attempt(li, async () => {
        if (name === 'This browser') await mine.unsubscribe().catch(() => false);
        await del(`${API}/${seg(s.id)}`);
        announce(`Removed: ${name}.`);
        await refresh();
      })), { class: 'danger small', testid: 'push-device-remove', 'aria-label': `Remove ${name}` }));
      return li;
    }) : [h('li', { class: 'muted' }, 'No browser receives your notices yet.')]));
    if (!supported()) {
      status.textContent = window.isSecureContext ? 'This browser cannot receive notifications while closed. Your inbox in CampusCal still keeps every notice.'
        : 'Notifications while closed need CampusCal to be opened over https.';
    } else if (Notification.permission === 'denied') status.textContent = BLOCKED;
    else status.textContent = known ? 'On: this browser shows your CampusCal notices, even while closed.'
      : mine ? 'Off: this browser has an old subscription your account does not know. Turn it on again to receive notices.'
      : 'Off: this browser does not show CampusCal notices while closed.';
    enable.hidden = !supported() || Notification.permission === 'denied' || !!known;
    disable.hidden = !mine;
  }

  enable.addEventListener('click', () => busy(enable, () => attempt(sec, async () => {
    // Ask first, straight from the click: Firefox and Safari show the prompt only while the click's
    // user activation lasts, which the awaits below could outlast.
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      status.textContent = permission === 'denied' ? BLOCKED : 'Not turned on: the browser did not get your permission. Press the button again to be asked again.';
      enable.hidden = permission === 'denied';
      return;
    }
    serverKey = serverKey || keyBytes((await get('/api/v1/push/public-key')).publicKey);
    let reg;
    try {
      await navigator.serviceWorker.register(new URL('sw.js', ROOT).href, { scope: '/' });
      reg = await within(navigator.serviceWorker.ready, 15);
    } catch (e) { throw browserProblem('The browser could not start CampusCal’s notification helper', e); }
    let sub = await reg.pushManager.getSubscription();
    // Made with another key (the server's key changed): the browser refuses a new one until it is gone.
    if (sub && !sameKey(sub.options && sub.options.applicationServerKey, serverKey)) { await sub.unsubscribe(); sub = null; }
    try {
      sub = sub || await within(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }), 20);
    } catch (e) { throw browserProblem('This browser could not reach its push service, so notifications cannot be turned on here', e); }
    await post(API, sub.toJSON());
    announce('Notifications on for this browser.');
    await refresh();
  })));

  disable.addEventListener('click', () => busy(disable, () => attempt(sec, async () => {
    const sub = mine || await current();
    if (sub) {
      // Unsubscribing first stops the notices even if the server cannot be told now: its next push
      // then gets 410 from the push service, and the server drops the record itself.
      await sub.unsubscribe().catch(() => false);
      const { items } = await get(API);
      for (const s of items.filter((x) => x.endpoint === sub.endpoint)) await del(`${API}/${seg(s.id)}`);
    }
    announce('Notifications off for this browser.');
    await refresh();
  })));

  get('/api/v1/push/public-key', null, { signal: ctx.signal }).then((r) => { serverKey = keyBytes(r.publicKey); }).catch(() => { /* fetched again on click */ });
  refresh().catch((e) => { status.textContent = ''; showProblem(sec, e); });
  return sec;
}

/** On logout: this browser stops receiving the account's notices (a shared or lab computer's next
 * user must not see them). Deletes the server's record, then unsubscribes; never throws. */
export async function forgetThisBrowser() {
  try {
    if (!supported()) return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = registration && await registration.pushManager.getSubscription();
    if (!subscription) return;
    const { items } = await get(API);
    const mine = items.find((s) => s.endpoint === subscription.endpoint);
    if (mine) await del(`${API}/${seg(mine.id)}`);
    await subscription.unsubscribe();
  } catch { /* logging out goes on regardless */ }
}

// A disclosure agreement (FERPA §99.30) shown in full with what it shares and with whom, and the
// student's choice: agree (POST /api/v1/me/consents {agreementId, version} — the version read,
// so a changed text is never agreed to unseen) or withdraw (POST /api/v1/me/consents/{id}/withdraw).

import { post, get, seg } from '../api.js';
import { h, uid } from '../dom.js';
import { attempt } from '../problem.js';
import { announce } from '../live.js';

const CATEGORIES = { identity: 'who you are', events: 'calendar events', tasks: 'tasks and assignments', grades: 'grades and feedback', courses: 'courses', groups: 'groups' };

export function agreementCard(a, onChange) {
  const id = uid('agr');
  const card = h('article', { class: 'agreement', testid: 'agreement-' + a.id, 'aria-labelledby': id },
    h('h3', { id }, a.recipient),
    h('p', null, h('strong', null, 'Purpose: '), a.purpose),
    h('p', null, h('strong', null, 'Shares: '), a.categories.map((c) => CATEGORIES[c] || c).join(', ')),
    h('div', { class: 'agreement-text', tabindex: '0', role: 'document', 'aria-label': `Text of the agreement with ${a.recipient}` }, a.text),
    h('p', { testid: 'agreement-status' }, a.status === 'agreed' ? `You agreed (version ${a.version}).` : 'You have not agreed to this text.'));
  const actions = h('div', { class: 'actions' });
  if (a.status === 'agreed' && a.consentId) {
    actions.append(h('button', { type: 'button', class: 'danger', testid: 'consent-withdraw', onclick: () => attempt(card, async () => {
      await post(`/api/v1/me/consents/${seg(a.consentId)}/withdraw`);
      announce(`Consent to ${a.recipient} withdrawn.`);
      onChange && onChange();
    }) }, 'Withdraw my consent'));
  } else {
    const box = h('input', { type: 'checkbox', id: uid('agree'), testid: 'consent-checkbox' });
    const btn = h('button', { type: 'button', testid: 'consent-agree', disabled: true, onclick: () => attempt(card, async () => {
      await post('/api/v1/me/consents', { agreementId: a.id, version: a.version });
      announce(`You agreed to share with ${a.recipient}.`);
      onChange && onChange();
    }) }, 'Agree');
    box.addEventListener('change', () => { btn.disabled = !box.checked; });
    actions.append(h('div', { class: 'field check' }, box, h('label', { for: box.id }, `I have read this and agree to share this with ${a.recipient}`)), btn);
  }
  card.append(actions);
  return card;
}

/** One agreement by id from GET /api/v1/agreements (the list, so a missing one is not a 404). */
export async function findAgreement(id) {
  const { items } = await get('/api/v1/agreements');
  return items.find((a) => a.id === id) || null;
}

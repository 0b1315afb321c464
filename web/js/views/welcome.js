// #/welcome: the first-run page, shown after registering (and reachable from Settings).
// Three steps, each saved on its own: the time zone (defaulting to the browser's), connecting
// an LMS with the consent it needs explained in the agreement's own words, and how to be told.

import { h } from '../dom.js';
import { session } from '../session.js';
import { timeZoneForm, notificationForm, browserZone } from '../components/settings-forms.js';
import { lmsPanel } from '../components/lms.js';

export async function render(root, ctx) {
  const step = (n, title, ...body) => h('section', { class: 'card step', 'aria-labelledby': 'step-' + n },
    h('h2', { id: 'step-' + n }, h('span', { class: 'step-num' }, `Step ${n} of 3: `), title), body);
  const registeredZone = session.user && session.user.timeZone;
  root.append(
    h('h1', null, `Welcome${session.user ? ', ' + (session.user.displayName || session.user.username) : ''}!`),
    h('p', null, 'Three quick choices and your calendar is ready. You can change each later in Settings.'),
    step(1, 'Your time zone', timeZoneForm(registeredZone || browserZone())),
    step(2, 'Bring in your courses (optional)',
      h('p', null, 'CampusCal can import your assignments, due dates, course events, grades and feedback from I-Learn, Canvas or Moodle — or from any calendar feed.'),
      lmsPanel(ctx)),
    step(3, 'How should we tell you?', notificationForm()),
    h('div', { class: 'actions' }, h('a', { class: 'button', href: '#/month', testid: 'welcome-done' }, 'Go to my calendar')));
}

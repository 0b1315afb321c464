// #/register: POST /api/v1/auth/register answers the new User (201), not a token, so the page
// logs in with the same credentials right after and goes on to the first-run page (#/welcome).

import { post } from '../api.js';
import { session } from '../session.js';
import { h, field } from '../dom.js';
import { onSubmit } from '../problem.js';

export async function render(root) {
  const username = h('input', { name: 'username', autocomplete: 'username', required: true, maxlength: 32, testid: 'register-username', autocapitalize: 'none', spellcheck: 'false' });
  const displayName = h('input', { name: 'displayName', autocomplete: 'name', maxlength: 100, testid: 'register-display-name' });
  const email = h('input', { name: 'email', type: 'email', autocomplete: 'email', testid: 'register-email' });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'new-password', required: true, testid: 'register-password' });
  const form = h('form', { class: 'card narrow', testid: 'register-form', novalidate: true },
    h('h2', null, 'Create your account'),
    field('Username', username, '3 to 32 letters, digits, ".", "_" or "-", starting with a letter.'),
    field('Name shown to others (optional)', displayName),
    field('Email (optional)', email, 'For reminders and password resets.'),
    field('Password', password, 'At least 8 characters, with an uppercase letter and a digit.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'register-submit' }, 'Create account')),
    h('p', null, 'Have an account? ', h('a', { href: '#/login' }, 'Log in')));

  onSubmit(form, async () => {
    const body = { username: username.value.trim(), password: password.value,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    if (displayName.value.trim()) body.displayName = displayName.value.trim();
    if (email.value.trim()) body.email = email.value.trim();
    await post('/api/v1/auth/register', body, { auth: false });
    const r = await post('/api/v1/auth/login', { username: body.username, password: body.password }, { auth: false });
    session.start(r.token, r.user);
    location.hash = '#/welcome';
  });

  root.append(h('h1', null, 'Join CampusCal'), form);
}

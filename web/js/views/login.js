// #/login: POST /api/v1/auth/login → LoginResponse.token (bearer) and .user; and the
// password-reset pair (POST /api/v1/auth/password-reset, …/complete).

import { post } from '../api.js';
import { session } from '../session.js';
import { h, field, busy } from '../dom.js';
import { onSubmit, attempt } from '../problem.js';

export async function render(root) {
  const expired = sessionStorage.getItem('campuscal.expired');
  sessionStorage.removeItem('campuscal.expired');

  const username = h('input', { name: 'username', autocomplete: 'username', required: true, testid: 'login-username', autocapitalize: 'none', spellcheck: 'false' });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true, testid: 'login-password' });
  const form = h('form', { class: 'card narrow', testid: 'login-form', novalidate: true },
    h('h2', null, 'Log in'),
    expired && h('p', { class: 'notice-info', role: 'status' }, 'Your session ended. Log in again to continue.'),
    field('Username', username, 'Your CampusCal username, or your campus username and password where your campus directory signs you in.'), field('Password', password),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'login-submit' }, 'Log in')),
    h('p', null, 'New here? ', h('a', { href: '#/register' }, 'Create an account')));

  onSubmit(form, async () => {
    const r = await post('/api/v1/auth/login', { username: username.value.trim(), password: password.value }, { auth: false });
    session.start(r.token, r.user);
    const next = sessionStorage.getItem('campuscal.next');
    sessionStorage.removeItem('campuscal.next');
    location.hash = next && next !== '#/login' ? next : '#/month';
  });

  root.append(h('h1', null, 'Welcome to CampusCal'), campusSignOn(), form, resetForms());
}

/** Where the campus's single sign-on front (Shibboleth, CAS, mod_auth_openidc) protects
 * /api/v1/auth/sso, one button signs in with the campus account (the server says whether it is set
 * up: <html data-sso="on">). Campus directory (LDAP, Active Directory) accounts use the form below. */
function campusSignOn() {
  if (document.documentElement.dataset.sso !== 'on') return null;
  const card = h('section', { class: 'card narrow', 'aria-labelledby': 'sso-heading' },
    h('h2', { id: 'sso-heading' }, 'Campus account'),
    h('p', null, 'Sign in the way you sign in to other campus services.'));
  const go = h('button', { type: 'button', testid: 'login-sso', onclick: () => busy(go, () => attempt(card, async () => {
    const r = await post('/api/v1/auth/sso', undefined, { auth: false });
    session.start(r.token, r.user);
    location.hash = '#/month';
  })) }, 'Sign in with your campus account');
  card.append(h('div', { class: 'actions' }, go));
  return card;
}

/** "Forgot your password?": ask for a code, then type it with a new password. */
function resetForms() {
  const user = h('input', { name: 'username', autocomplete: 'username', required: true });
  const ask = h('form', null, h('h3', null, '1. Get a reset code'), field('Username', user),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Send me a code')));
  const token = h('input', { name: 'token', required: true, autocomplete: 'one-time-code' });
  const pw = h('input', { name: 'newPassword', type: 'password', required: true, autocomplete: 'new-password', minlength: 8 });
  const done = h('form', null, h('h3', null, '2. Set a new password'), field('Reset code', token),
    field('New password', pw, 'At least 8 characters, with an uppercase letter and a digit.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Set password')));
  const status = h('p', { role: 'status' });
  onSubmit(ask, async () => {
    const r = await post('/api/v1/auth/password-reset', { username: user.value.trim() }, { auth: false });
    status.textContent = r.detail;
  });
  onSubmit(done, async () => {
    await post('/api/v1/auth/password-reset/complete', { token: token.value.trim(), newPassword: pw.value }, { auth: false });
    status.textContent = 'Your password is changed. Log in with it above.';
    done.reset();
  });
  return h('details', { class: 'card narrow' }, h('summary', null, 'Forgot your password?'), ask, done, status);
}

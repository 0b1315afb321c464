// Showing what the server refused, the way it said it: the problem's `detail` at the top of the
// form (role="alert", so screen readers hear it at once) and each `errors` entry next to the
// control whose `name` is the field it names ("start.dateTime" finds name="start").

import { h, uid, busy } from './dom.js';

export function clearProblem(target) {
  if (!target) return;
  for (const el of target.querySelectorAll('.problem, .field-error')) el.remove();
  for (const el of target.querySelectorAll('[aria-invalid]')) {
    el.removeAttribute('aria-invalid');
    const ids = (el.getAttribute('aria-describedby') || '').split(' ').filter((i) => !i.startsWith('err-'));
    if (ids.length) el.setAttribute('aria-describedby', ids.join(' ')); else el.removeAttribute('aria-describedby');
  }
}

function controlFor(target, fieldName) {
  const candidates = [...target.querySelectorAll('[name]')];
  const exact = candidates.find((c) => c.name === fieldName);
  if (exact) return exact;
  // "start.dateTime" or "usernames[0]" belong to the control named "start" / "usernames"
  return candidates.find((c) => fieldName.startsWith(c.name + '.') || fieldName.startsWith(c.name + '['));
}

/** Show `err` (an ApiError, or anything thrown) in `target`; returns the alert element. */
export function showProblem(target, err) {
  if (!target || (err && err.name === 'AbortError')) return null;
  clearProblem(target);
  const problem = (err && err.problem) || { detail: 'Something went wrong in the page. Reload it and try again.' };
  const alert = h('div', { class: 'problem', role: 'alert', testid: 'problem-message' }, h('p', null, problem.detail || problem.title));
  if (!(err && err.problem)) alert.dataset.error = String(err && err.stack ? err.stack.split('\n', 2).join(' ') : err); // for bug reports
  const loose = [];
  let first = null;
  for (const issue of problem.errors || []) {
    const control = issue.field && controlFor(target, issue.field);
    if (!control) { loose.push(issue.message); continue; }
    const id = uid('err');
    const msg = h('p', { class: 'field-error', id }, issue.message);
    (control.closest('.field') || control).after(msg);
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', ((control.getAttribute('aria-describedby') || '') + ' ' + id).trim());
    first = first || control;
  }
  const unique = loose.filter((m) => m && m !== problem.detail);
  if (unique.length) alert.append(h('ul', null, unique.map((m) => h('li', null, m))));
  const heading = target.matches('form, section, dialog, article') ? target.querySelector(':scope > h2, :scope > h1, :scope > h3') : null;
  if (heading) heading.after(alert); else target.prepend(alert);
  if (first) first.focus();
  return alert;
}

/** A problem found before asking the server, shown like one of its own. */
export function localProblem(detail, field) {
  const e = new Error(detail);
  e.problem = { title: 'Check the form', status: 0, detail, errors: field ? [{ field, code: 'local', message: detail }] : [] };
  return e;
}

/** Run `fn`; a problem it throws is shown in `target` instead of escaping. Returns fn's value or undefined. */
export async function attempt(target, fn) {
  clearProblem(target);
  try { return await fn(); } catch (e) { showProblem(target, e); return undefined; }
}

/** A form's submit: no page load; its submit button busy while `fn` runs (a double click sends once); a problem `fn` throws shown in the form. */
export function onSubmit(form, fn) {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    // looked up at submit time: some forms get their button only after their data has loaded
    const btn = form.querySelector('[type=submit], button:not([type])');
    if (btn) busy(btn, () => attempt(form, fn)); else attempt(form, fn);
  });
}

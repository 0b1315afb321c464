// Modal dialogs on the native <dialog>: it traps focus, closes on Escape and hides the page from
// screen readers. What it does not do is put focus back where it was; that is done here.

import { h, uid } from './dom.js';

/**
 * Open a modal. `build(dialog, close)` fills it; `close(value)` ends it with that value.
 * Resolves with the value (undefined on Escape).
 */
export function openDialog(title, build, { wide = false } = {}) {
  const opener = document.activeElement;
  const id = uid('dlg');
  const dialog = h('dialog', { class: wide ? 'dialog wide' : 'dialog', 'aria-labelledby': id }, h('h2', { id }, title));
  return new Promise((resolve) => {
    let result;
    const close = (value) => { result = value; dialog.close(); };
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (opener && opener.isConnected && opener.focus) opener.focus();
      resolve(result);
    });
    build(dialog, close);
    document.body.append(dialog);
    dialog.showModal();
    const first = dialog.querySelector('[autofocus], input:not([type=hidden]), select, textarea, button');
    if (first) first.focus();
  });
}

/** Ask one question with buttons; resolves with the chosen value, or null when dismissed. */
export function choose(title, text, choices) {
  return openDialog(title, (d, close) => {
    d.append(h('p', null, text), h('div', { class: 'actions' },
      choices.map(([value, label, cls]) => h('button', { type: 'button', class: cls || '', onclick: () => close(value) }, label)),
      h('button', { type: 'button', class: 'secondary', onclick: () => close(null) }, 'Back')));
  }).then((v) => v ?? null);
}

export const confirmDialog = (title, text, yes = 'Yes', cls = 'danger') =>
  choose(title, text, [[true, yes, cls]]).then((v) => v === true);

// Building the page without innerHTML: every text from the API goes in as a text node, so a
// title like "<img onerror=…>" stays text (the CSP would block it anyway; this is the first wall).
// No inline style attributes either: the CSP forbids them; colours go in through
// element.style.setProperty('--cal', …), which CSSOM allows.

let nextId = 0;
export const uid = (p = 'f') => `${p}-${++nextId}`;

/**
 * h('button', { class: 'x', testid: 'y', onclick: fn, 'aria-label': 'z' }, 'text', child…)
 * Keys: class, testid (data-testid), on<event>, value/checked/selected (set as properties after
 * the children, so a <select>'s value finds its options); false/null values are left out.
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  let value;
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v == null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'testid') el.dataset.testid = v;
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'value') value = v;
      else if (k === 'checked' || k === 'selected') el[k] = !!v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  if (value !== undefined) el.value = value;
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const clear = (el) => { el.replaceChildren(); return el; };

/** A labelled control: <div class="field"><label for>…</label><input id></div>. */
export function field(label, control, hint) {
  control.id = control.id || uid();
  const isCheck = control.type === 'checkbox' || control.type === 'radio';
  const lab = h('label', { for: control.id }, label);
  const parts = isCheck ? [control, lab] : [lab, control];
  if (hint) {
    const hid = uid('hint');
    parts.push(h('p', { class: 'hint', id: hid }, hint));
    control.setAttribute('aria-describedby', hid);
  }
  return h('div', { class: isCheck ? 'field check' : 'field' }, parts);
}

/** A checkbox with its label after it. */
export const checkbox = (label, props) => field(label, h('input', { type: 'checkbox', ...props }));

export function select(props, options, current) {
  return h('select', props, options.map(([v, label]) =>
    h('option', { value: v, selected: String(v) === String(current ?? '') }, label)));
}

export const srOnly = (text) => h('span', { class: 'sr-only' }, text);

/** A control with a label only screen readers see (table cells, toolbars): [label, control]. */
export function quietLabel(text, control) {
  control.id = control.id || uid();
  return [h('label', { for: control.id, class: 'sr-only' }, text), control];
}

export function button(label, onclick, props = {}) {
  return h('button', { type: 'button', ...props, onclick }, label);
}

/** A section with its heading, for every view's parts. */
export function section(title, ...children) {
  const id = uid('h');
  return h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { id }, title), children);
}

/** "Loading…" placeholder that screen readers hear once. */
/** A wide table that scrolls sideways on a phone: focusable and named, so a keyboard can scroll it
 * and a screen reader says what it is (axe: scrollable-region-focusable). */
export const tableWrap = (label, table) => h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': label }, table);

export const loading = () => h('p', { class: 'loading', role: 'status' }, 'Loading…');

/** Run an async action from a button: disabled while it runs, so a double click sends once. */
export async function busy(btn, fn) {
  if (btn.disabled) return;
  btn.disabled = true;
  btn.setAttribute('aria-busy', 'true');
  try { return await fn(); } finally { btn.disabled = false; btn.removeAttribute('aria-busy'); }
}

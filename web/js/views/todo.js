// #/todo: the simplified to-do list, one line at a time (for focus, and for small screens).
// GET /api/v1/todo gives the order; Next/Previous ask GET /api/v1/todo/{id}/next|previous. The
// buttons are disabled at the ends (known from the list), so the normal path never meets the
// API's 404 end-of-list. The check button ticks the line (PATCH /api/v1/todo/{id} {completed}).

import { get, post, patch, del, seg } from '../api.js';
import { h, field, append } from '../dom.js';
import { attempt, onSubmit } from '../problem.js';
import { dueText } from '../components/task-item.js';
import { announce } from '../live.js';

const KEY = 'campuscal.todo.current';

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const card = h('article', { class: 'card todo', testid: 'todo-current', 'aria-live': 'polite' });
  const position = h('p', { class: 'muted' });
  const prevBtn = h('button', { type: 'button', class: 'secondary', testid: 'todo-previous' }, '← Previous');
  const checkBtn = h('button', { type: 'button', testid: 'todo-check' }, 'Done');
  const nextBtn = h('button', { type: 'button', class: 'secondary', testid: 'todo-next' }, 'Next →');
  const removeBtn = h('button', { type: 'button', class: 'danger small' }, 'Remove from list');
  const controls = h('div', { class: 'actions todo-controls' }, prevBtn, checkBtn, nextBtn);
  const text = h('input', { name: 'text', required: true, maxlength: 1000 });
  const add = h('form', { class: 'card' }, h('h2', null, 'Add a line'), field('What to do', text),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Add')));
  root.append(h('h1', null, 'To-do'), position, card, controls, removeBtn, add);

  let lines = [];
  let current = null;

  async function loadList() {
    lines = (await get('/api/v1/todo', null, { signal })).items.sort((a, b) => a.position - b.position);
  }
  function show(line) {
    current = line;
    if (line) sessionStorage.setItem(KEY, line.id); else sessionStorage.removeItem(KEY);
    const i = line ? lines.findIndex((l) => l.id === line.id) : -1;
    position.textContent = lines.length ? `Line ${i + 1} of ${lines.length}` : '';
    card.classList.toggle('done', !!line && line.completed);
    card.replaceChildren();
    append(card, line ? [
      h('p', { class: 'todo-text' }, line.text),
      line.task && h('p', { class: 'muted' }, `${line.task.kind === 'assignment' ? 'Assignment' : 'Task'}${line.task.course ? ' · ' + line.task.course : ''} · due ${dueText(line.task, tz)}`),
      h('p', { class: 'status' }, line.completed ? 'Done' : 'Not done yet'),
    ] : [h('p', null, 'Your to-do list is empty. Add a line below, or add tasks from the Tasks page.')]);
    checkBtn.textContent = line && line.completed ? 'Mark not done' : 'Done';
    checkBtn.setAttribute('aria-pressed', String(!!line && line.completed));
    checkBtn.disabled = !line;
    removeBtn.hidden = !line;
    prevBtn.disabled = i <= 0;
    nextBtn.disabled = i < 0 || i >= lines.length - 1;
  }

  const step = (dir) => attempt(root, async () => {
    const line = await get(`/api/v1/todo/${seg(current.id)}/${dir}`, null, { signal });
    const known = lines.findIndex((l) => l.id === line.id);
    if (known >= 0) lines[known] = line; else await loadList();
    show(line);
  });
  prevBtn.addEventListener('click', () => step('previous'));
  nextBtn.addEventListener('click', () => step('next'));
  checkBtn.addEventListener('click', () => attempt(root, async () => {
    const line = await patch(`/api/v1/todo/${seg(current.id)}`, { completed: !current.completed });
    lines[lines.findIndex((l) => l.id === line.id)] = line;
    announce(line.completed ? `Done: ${line.text}` : `Not done: ${line.text}`);
    show(line);
  }));
  removeBtn.addEventListener('click', () => attempt(root, async () => {
    const i = lines.findIndex((l) => l.id === current.id);
    await del(`/api/v1/todo/${seg(current.id)}`);
    await loadList();
    show(lines[Math.min(i, lines.length - 1)] || null);
    announce('Line removed.');
  }));
  onSubmit(add, async () => {
    const line = await post('/api/v1/todo', { text: text.value.trim() });
    add.reset();
    await loadList();
    show(current || line);
    announce('Line added.');
  });

  await attempt(root, async () => {
    await loadList();
    const remembered = lines.find((l) => l.id === sessionStorage.getItem(KEY));
    show(remembered || lines.find((l) => !l.completed) || lines[0] || null);
  });
}

// #/tasks: the student's tasks and LMS assignments (GET /api/v1/tasks, filtered and sorted by
// the server), each with priority, done and grade/feedback (components/task-item.js); and a
// form to add a task (POST /api/v1/tasks: title and priority required, due not in the past).

import { get, post } from '../api.js';
import { h, field, select } from '../dom.js';
import { onSubmit, showProblem } from '../problem.js';
import { taskItem, PRIORITIES } from '../components/task-item.js';
import { todayKey } from '../dates.js';
import { announce } from '../live.js';

const SORTS = [['due', 'Due date'], ['priority', 'Priority'], ['course', 'Course'], ['title', 'Title'], ['estimatedTime', 'Estimated work'], ['grade', 'Grade'], ['created', 'Newest']];

export async function render(root, ctx) {
  const { tz, signal } = ctx;
  const saved = JSON.parse(sessionStorage.getItem('campuscal.taskFilter') || '{}');
  const status = select({ name: 'status' }, [['open', 'Open'], ['completed', 'Completed'], ['', 'All']], saved.status ?? 'open');
  const sort = select({ name: 'sort' }, SORTS, saved.sort || 'due');
  const source = select({ name: 'source' }, [['', 'Everything'], ['manual', 'My own tasks'], ['brightspace,canvas,moodle,ical', 'From my LMS']], saved.source || '');
  const list = h('ul', { class: 'tasks', testid: 'task-list' });
  const count = h('p', { class: 'muted', role: 'status' });
  const filters = h('form', { class: 'filters', 'aria-label': 'Filter tasks' }, field('Show', status), field('From', source), field('Sort by', sort));

  root.append(h('h1', null, 'Tasks'), newTaskForm(tz, load), h('section', { class: 'card', 'aria-labelledby': 'task-list-h' },
    h('h2', { id: 'task-list-h' }, 'Your tasks and assignments'), filters, count, list));

  filters.addEventListener('change', () => {
    sessionStorage.setItem('campuscal.taskFilter', JSON.stringify({ status: status.value, sort: sort.value, source: source.value }));
    load();
  });
  filters.addEventListener('submit', (e) => e.preventDefault());

  async function load() {
    try {
      const r = await get('/api/v1/tasks', { status: status.value, sort: sort.value, source: source.value, tz }, { signal });
      count.textContent = r.count === 1 ? '1 item' : `${r.count} items`;
      list.replaceChildren(...(r.items.length ? r.items.map((t) => taskItem(t, tz)) : [h('li', { class: 'muted' }, 'Nothing here.')]));
    } catch (e) { if (e.name !== 'AbortError') showProblem(list.parentElement, e); }
  }
  await load();
}

function newTaskForm(tz, onAdded) {
  const title = h('input', { name: 'title', required: true, maxlength: 500, testid: 'task-title' });
  const course = h('input', { name: 'course', maxlength: 200 });
  const date = h('input', { type: 'date', name: 'due', min: todayKey(tz), testid: 'task-due-date' });
  const time = h('input', { type: 'time', name: 'dueTime' });
  const priority = select({ name: 'priority', required: true, testid: 'task-new-priority' }, PRIORITIES, 'medium');
  const minutes = h('input', { type: 'number', name: 'estimatedMinutes', min: 1, max: 10080, inputmode: 'numeric' });
  const form = h('form', { class: 'card', testid: 'task-form' }, h('h2', null, 'Add a task'),
    field('Title', title), h('div', { class: 'row' }, field('Course (optional)', course), field('Priority', priority)),
    h('div', { class: 'row' }, field('Due date (optional)', date), field('Due time (optional)', time, 'Without a time: by the end of the day.')),
    field('Estimated work in minutes (optional)', minutes),
    h('div', { class: 'actions' }, h('button', { type: 'submit', testid: 'task-submit' }, 'Add task')));
  onSubmit(form, async () => {
    const body = { title: title.value.trim(), priority: priority.value };
    if (course.value.trim()) body.course = course.value.trim();
    if (date.value) body.due = time.value ? { dateTime: `${date.value}T${time.value}:00`, timeZone: tz } : { date: date.value };
    if (minutes.value) body.estimatedMinutes = Number(minutes.value);
    await post('/api/v1/tasks', body);
    announce(`Added “${body.title}”.`);
    form.reset();
    priority.value = 'medium';
    window.dispatchEvent(new CustomEvent('campuscal:tasks-changed'));
    onAdded();
  });
  return form;
}

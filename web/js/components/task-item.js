// One task or assignment, with the controls the student may use on it: priority
// (PATCH /api/v1/tasks/{id} {priority}), done (PATCH {status}), add to to-do (POST /api/v1/todo).
// Assignments from an LMS show their grade and instructor feedback, marked read-only: the LMS
// owns them and the next sync would overwrite a change.

import { patch, post, del, seg } from '../api.js';
import { h, select, srOnly, uid } from '../dom.js';
import { attempt } from '../problem.js';
import { fmtDay, fmtDateTime } from '../dates.js';
import { announce } from '../live.js';
import { confirmDialog } from '../dialog.js';

const LMS = { brightspace: 'I-Learn (Brightspace)', canvas: 'Canvas', moodle: 'Moodle', ical: 'calendar feed', manual: 'you' };
export const PRIORITIES = [['high', 'High'], ['medium', 'Medium'], ['low', 'Low']];

const changed = () => window.dispatchEvent(new CustomEvent('campuscal:tasks-changed'));

export function dueText(task, tz) {
  if (task.due && task.due.date) return fmtDay(task.due.date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }) + ' (end of day)';
  return task.dueAt ? fmtDateTime(task.dueAt, tz) : 'No due date';
}

export function gradeText(g, possible) {
  if (!g) return null;
  const parts = [];
  if (g.score != null) parts.push(possible != null ? `${g.score} / ${possible}` : String(g.score));
  if (g.percentage != null) parts.push(`${g.percentage}%`);
  if (g.letter) parts.push(g.letter);
  return parts.join(' · ') || null;
}

/** A <li data-testid="task-item">; onChange() after a change the list may need to re-sort on. */
export function taskItem(task, tz, { onChange } = {}) {
  const fromLms = task.source && task.source.system !== 'manual';
  const li = h('li', { class: 'task' + (task.status === 'completed' ? ' done' : ''), testid: 'task-item', 'data-task-id': task.id });
  const titleId = uid('t');
  const done = h('input', { type: 'checkbox', id: uid('done'), testid: 'task-complete', checked: task.status === 'completed' });
  const prio = select({ testid: 'task-priority', name: 'priority', id: uid('prio') },
    task.priority ? PRIORITIES : [['', 'Add priority'], ...PRIORITIES], task.priority || '');

  done.addEventListener('change', () => attempt(li, async () => {
    const status = done.checked ? 'completed' : 'open';
    try {
      Object.assign(task, await patch(`/api/v1/tasks/${seg(task.id)}`, { status }));
    } catch (e) { done.checked = !done.checked; throw e; }
    li.classList.toggle('done', status === 'completed');
    announce(status === 'completed' ? `“${task.title}” done.` : `“${task.title}” reopened.`);
    changed();
    onChange && onChange(task);
  }));
  prio.addEventListener('change', () => attempt(li, async () => {
    const before = task.priority;
    try {
      Object.assign(task, await patch(`/api/v1/tasks/${seg(task.id)}`, { priority: prio.value || null }));
    } catch (e) { prio.value = before || ''; throw e; }
    announce(`Priority of “${task.title}”: ${task.priority || 'none'}.`);
    onChange && onChange(task);
  }));

  const grade = gradeText(task.grade, task.pointsPossible);
  const ro = fromLms ? h('span', { class: 'ro' }, ` (from ${LMS[task.source.system] || task.source.system}, read-only)`) : null;
  li.append(
    h('div', { class: 'task-head' },
      h('span', { class: 'check' }, done, h('label', { for: done.id }, 'Done', srOnly(`: ${task.title}`))),
      h('span', { class: 'task-title', id: titleId }, task.title),
      h('span', { class: 'tag' }, task.kind === 'assignment' ? 'Assignment' : 'Task'),
      task.course && h('span', { class: 'tag course' }, task.course)),
    h('dl', { class: 'facts' },
      h('dt', null, 'Due'), h('dd', null, h('time', { testid: 'task-due', datetime: task.dueAt || '' }, dueText(task, tz))),
      h('dt', null, h('label', { for: prio.id }, 'Priority')), h('dd', null, prio),
      task.estimatedMinutes && [h('dt', null, 'Estimated work'), h('dd', null, `${task.estimatedMinutes} min`)],
      (grade || task.pointsPossible != null) && [h('dt', null, 'Grade'), h('dd', { testid: 'task-grade' }, grade || `not graded yet (out of ${task.pointsPossible})`, ro)],
      task.feedback && [h('dt', null, 'Feedback'), h('dd', { testid: 'task-feedback' }, h('span', { class: 'feedback' }, task.feedback), ro)],
      task.submissionStatus && [h('dt', null, 'Submission'), h('dd', null, task.submissionStatus, ro)],
      task.cutoffAt && [h('dt', null, 'No submissions after'), h('dd', null, fmtDateTime(task.cutoffAt, tz))],
      task.removedAt && [h('dt', null, 'Note'), h('dd', null, 'The LMS no longer lists this assignment.')]),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'secondary small', testid: 'task-add-todo', onclick: (e) => attempt(li, async () => {
        e.target.disabled = true;
        await post('/api/v1/todo', { taskId: task.id });
        announce(`“${task.title}” added to your to-do list.`);
      }) }, 'Add to to-do', srOnly(`: ${task.title}`)),
      !fromLms && h('button', { type: 'button', class: 'danger small', onclick: async () => {
        if (!(await confirmDialog('Delete task?', `Delete “${task.title}”?`, 'Delete'))) return;
        attempt(li, async () => { await del(`/api/v1/tasks/${seg(task.id)}`); li.remove(); changed(); announce('Task deleted.'); });
      } }, 'Delete', srOnly(`: ${task.title}`))));
  return li;
}

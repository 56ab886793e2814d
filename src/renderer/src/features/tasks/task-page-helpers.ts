import type { TemplateTask } from '../../../../shared/contract/tasks';

/** The two tabs of the tasks page and the hash each keeps (see docs/requirements.md#lead-workspace-and-work-screens: the active tab is in the hash). */
export const TASK_TABS = ['gorevler', 'tamamlanmis-gorevler'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export function taskTabFromHash(hash: string): TaskTab {
  const name = decodeURIComponent(hash.replace(/^#/, ''));
  return (TASK_TABS as readonly string[]).includes(name) ? (name as TaskTab) : 'gorevler';
}

/** Status of the tasks a tab lists: open (0) or done (1). */
export const tabStatus = (tab: TaskTab): 0 | 1 => (tab === 'gorevler' ? 0 : 1);

/** The template editor's textarea: 100 px, and 50 px more for every line (see docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys). */
export function textareaHeight(text: string): number {
  const lines = text === '' ? 0 : text.split('\n').length;
  return 100 + 50 * lines;
}

/**
 * A template's tasks as the editor writes them: one task per line, a subtask under it starting with '-'.
 * Blank lines are ignored; a subtask line before any task becomes a task.
 */
export function parseTemplateText(text: string): TemplateTask[] {
  const tasks: TemplateTask[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const last = tasks[tasks.length - 1];
    if (line.startsWith('-') && last) {
      const title = line.replace(/^-+\s*/, '');
      if (title !== '') last.subtasks = [...(last.subtasks ?? []), { title }];
      continue;
    }
    const title = line.replace(/^-+\s*/, '');
    if (title !== '') tasks.push({ title });
  }
  return tasks;
}

export function templateText(tasks: readonly TemplateTask[]): string {
  return tasks
    .flatMap((task) => [task.title, ...(task.subtasks ?? []).map((sub) => `- ${sub.title}`)])
    .join('\n');
}

/** How a task's lead is shown in task lists (see docs/requirements.md#lead-workspace-and-work-screens). */
export const leadLabel = (leadId: number): string => `#LEAD${leadId}`;

/** A lead number typed by a person: a positive whole number, else null. */
export function parseLeadId(text: string): number | null {
  const trimmed = text.trim().replace(/^#?(lead)?/i, '');
  return /^[1-9]\d{0,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Whether a task's due day has passed (today is not overdue). */
export function isOverdue(dueDate: string | null, today: string): boolean {
  return dueDate !== null && dueDate < today;
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function todayText(now = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

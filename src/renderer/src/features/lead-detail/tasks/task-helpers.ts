import type { Task, TaskListAnswer, TaskStatus } from '../../../../../shared/contract/tasks';

/** docs/requirements.md#constants-and-limits: the task textarea is 100 px high plus 50 px per line of text. */
export function taskTextareaHeight(text: string): number {
  const lines = text === '' ? 0 : text.split('\n').length;
  return 100 + 50 * lines;
}

/** docs/requirements.md#task-customer-and-money-states: ticking sets 1, unticking returns to 0. */
export function nextTaskStatus(checked: boolean): TaskStatus {
  return checked ? 1 : 0;
}

/** A task list with one task's status changed: the tick shows at once, before the server answers. */
export function withTaskStatus(
  answer: TaskListAnswer | undefined,
  id: number,
  status: TaskStatus,
): TaskListAnswer | undefined {
  if (!answer || !answer.results.some((task) => task.id === id)) return answer;
  return {
    ...answer,
    results: answer.results.map((task): Task => (task.id === id ? { ...task, status } : task)),
  };
}

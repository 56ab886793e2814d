import { describe, expect, it } from 'vitest';
import type { Survey } from '../../../src/shared/contract/surveys';
import type { Task, TaskListAnswer } from '../../../src/shared/contract/tasks';
import {
  REMITTER_FIELDS,
  missingRemitterTc,
  remitterFieldMeta,
  remittersQuery,
} from '../../../src/renderer/src/features/lead-detail/remitters/remitters';
import {
  answerText,
  initialAnswers,
  surveyAnswerInputs,
} from '../../../src/renderer/src/features/lead-detail/surveys/survey-answers';
import {
  nextTaskStatus,
  taskTextareaHeight,
  withTaskStatus,
} from '../../../src/renderer/src/features/lead-detail/tasks/task-helpers';

const task = (id: number, status: 0 | 1): Task => ({
  id,
  title: `Görev ${id}`,
  description: null,
  status,
  parent_id: 0,
  lead_id: 5,
  complete_date: null,
  created_by: 1,
  created_at: '2026-01-01 10:00:00',
  due_date: null,
  agents: [],
  subtasks: 0,
});

describe('tasks (see docs/requirements.md#task-customer-and-money-states, #constants-and-limits)', () => {
  it('ticks to 1 and unticks to 0', () => {
    expect(nextTaskStatus(true)).toBe(1);
    expect(nextTaskStatus(false)).toBe(0);
  });

  it('shows a tick at once in the cached list, leaving other tasks and unknown lists alone', () => {
    const answer: TaskListAnswer = { results: [task(1, 0), task(2, 0)] };
    expect(withTaskStatus(answer, 2, 1)?.results.map((item) => item.status)).toEqual([0, 1]);
    expect(withTaskStatus(answer, 9, 1)).toBe(answer);
    expect(withTaskStatus(undefined, 1, 1)).toBeUndefined();
  });

  it('sizes the task textarea 100 px plus 50 px per line', () => {
    expect(taskTextareaHeight('')).toBe(100);
    expect(taskTextareaHeight('bir satır')).toBe(150);
    expect(taskTextareaHeight('bir\niki\nüç')).toBe(250);
  });
});

describe('survey answers (see docs/requirements.md#lead-workspace-and-work-screens Anketler)', () => {
  const survey: Survey = {
    id: 4,
    name: 'Memnuniyet',
    created_at: '2026-01-01 10:00:00',
    data: [
      { text: 'Adınız', type: 'Girdi', answers: [] },
      { text: 'Ürünler', type: 'ÇokluSeçenek', answers: ['Forex', 'Altın'] },
      { text: 'Memnun musunuz?', type: 'Evet/Hayır', answers: ['evet', 'hayır'] },
      { text: 'Kanal', type: 'Seçenek', answers: ['Telefon', 'E-posta'] },
    ],
    answered: false,
    answers: null,
  };

  it('starts with a list for multiple choice and text for the rest', () => {
    expect(initialAnswers(survey)).toEqual(['', [], '', '']);
  });

  it('sends one answer per question with its text, trimmed', () => {
    expect(surveyAnswerInputs(survey, ['  Ayşe ', ['Altın'], 'evet'])).toEqual([
      { text: 'Adınız', value: 'Ayşe' },
      { text: 'Ürünler', value: ['Altın'] },
      { text: 'Memnun musunuz?', value: 'evet' },
      { text: 'Kanal', value: '' },
    ]);
  });

  it('shows a saved answer as one line', () => {
    expect(answerText(['Forex', 'Altın'])).toBe('Forex, Altın');
    expect(answerText('hayır')).toBe('hayır');
  });
});

describe('lead remitters (see docs/requirements.md#lead-money-task-and-report-data, #money-importer-and-lead-input)', () => {
  it('needs a tc', () => {
    expect(missingRemitterTc({})).toBe(true);
    expect(missingRemitterTc({ tc: null })).toBe(true);
    expect(missingRemitterTc({ tc: '  ' })).toBe(true);
    expect(missingRemitterTc({ tc: '10000000146' })).toBe(false);
  });

  it('lists the lead remitters of one lead, newest first', () => {
    expect(remittersQuery(42)).toEqual({
      page: 1,
      limit: 500,
      sort: { name: 'id', type: 'desc' },
      filters: [{ name: 'lead_id', type: 1, value: '42' }],
    });
  });

  it('labels fields from the registry when it knows them, from its own list otherwise', () => {
    const tcSpec = REMITTER_FIELDS.find((spec) => spec.name === 'tc');
    if (!tcSpec) throw new Error('tc missing');
    const registered = {
      id: 70,
      name: 'tc',
      display_name: 'T.C. No',
      component: { name: 'string' as const },
      category: 'Genel',
      options: null,
      show_insert: 1 as const,
    };
    expect(remitterFieldMeta(tcSpec, [registered], 1)).toBe(registered);
    expect(remitterFieldMeta(tcSpec, [], 1)).toMatchObject({
      name: 'tc',
      display_name: 'TC Kimlik No',
      id: -2,
    });
  });
});

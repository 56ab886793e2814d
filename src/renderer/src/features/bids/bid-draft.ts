import type { BidQuestionType, BidTemplate } from '../../../../shared/contract/bids';

export interface AnswerDraft {
  text: string;
  priceCalc: boolean;
  priceVal: string;
}

export interface QuestionDraft {
  text: string;
  type: BidQuestionType;
  /** The lead field's name for a db question ('' until chosen). */
  field: string;
  answers: AnswerDraft[];
}

export const blankAnswer = (): AnswerDraft => ({ text: '', priceCalc: true, priceVal: '0' });
export const blankQuestion = (): QuestionDraft => ({
  text: '',
  type: 'cat',
  field: '',
  answers: [blankAnswer()],
});

export function draftOf(template: BidTemplate): QuestionDraft[] {
  return template.questions.map((question) => ({
    text: question.text,
    type: question.type,
    field: question.field?.name ?? '',
    answers: question.answers.map((answer) => ({ ...answer })),
  }));
}

/** The save call's questions; a db question names its field (the server fills in the field's id). */
export function questionsInput(drafts: readonly QuestionDraft[], fieldIds: ReadonlyMap<string, number>) {
  return drafts.map((draft) =>
    draft.type === 'db'
      ? {
          text: draft.text.trim(),
          type: 'db' as const,
          field: draft.field === '' ? null : { id: fieldIds.get(draft.field) ?? 0, name: draft.field },
          answers: [],
        }
      : {
          text: draft.text.trim(),
          type: 'cat' as const,
          field: null,
          answers: draft.answers.map((answer) => ({
            text: answer.text.trim(),
            priceCalc: answer.priceCalc,
            priceVal: answer.priceVal.trim() === '' ? '0' : answer.priceVal.trim(),
          })),
        },
  );
}

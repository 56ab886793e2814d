import type { BidQuestionType, BidTemplate } from '../../../../shared/contract/bids';
import { readPrice } from '../../../../shared/domain/bid-total';

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

/** An empty price box means no price (0). */
const priceText = (answer: AnswerDraft): string => (answer.priceVal.trim() === '' ? '0' : answer.priceVal);

/** The first price the money reader refuses, as its Turkish sentence (the question named); null if none. */
export function priceProblem(drafts: readonly QuestionDraft[]): string | null {
  for (const draft of drafts) {
    if (draft.type !== 'cat') continue;
    for (const answer of draft.answers) {
      const price = readPrice(priceText(answer), draft.text.trim());
      if (!price.ok) return price.error;
    }
  }
  return null;
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
          answers: draft.answers.map((answer) => {
            const price = readPrice(priceText(answer), draft.text.trim());
            return {
              text: answer.text.trim(),
              priceCalc: answer.priceCalc,
              // The exact text the box showed ('1.250,5' -> '1250.50'); a refused one is sent as typed.
              priceVal: price.ok ? price.value : answer.priceVal.trim(),
            };
          }),
        },
  );
}

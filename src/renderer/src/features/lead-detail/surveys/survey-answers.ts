import { QUESTION_TYPE, type Survey, type SurveyAnswerItem } from '../../../../../shared/contract/surveys';

/** A question's answer while the form is open: text or one option, or a list for ÇokluSeçenek. */
export type AnswerValue = string | string[];

/** Empty answers to start from, a list where the question takes several. */
export function initialAnswers(survey: Survey): AnswerValue[] {
  return survey.data.map((question) => (question.type === QUESTION_TYPE.multipleChoice ? [] : ''));
}

/** POST /answerSet's answers: one per question in the survey's order, with the question's text. */
export function surveyAnswerInputs(survey: Survey, values: readonly AnswerValue[]): SurveyAnswerItem[] {
  return survey.data.map((question, index) => {
    const value = values[index] ?? (question.type === QUESTION_TYPE.multipleChoice ? [] : '');
    return { text: question.text, value: typeof value === 'string' ? value.trim() : value };
  });
}

/** A saved answer as one line. */
export function answerText(value: AnswerValue): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

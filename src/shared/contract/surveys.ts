import { z } from 'zod';
import { jsonText, reshaped } from './blank';
import { defineCall, departmentsOnly, noBody, noParams, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { messages } from '../i18n/messages';

/** The survey builder's question types (see docs/requirements.md#lead-workspace-and-work-screens /quizbuilder): stored values, named for the code. */
export const QUESTION_TYPE = {
  input: 'Girdi',
  choice: 'Seçenek',
  multipleChoice: 'ÇokluSeçenek',
  yesNo: 'Evet/Hayır',
} as const;
export const QUESTION_TYPES = [
  QUESTION_TYPE.input,
  QUESTION_TYPE.choice,
  QUESTION_TYPE.multipleChoice,
  QUESTION_TYPE.yesNo,
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** The only answers of an Evet/Hayır question. */
export const YES_NO_ANSWERS = ['evet', 'hayır'] as const;

export const SURVEY_NAME_MAX = 200;
export const SURVEY_QUESTIONS_MAX = 100;
export const QUESTION_TEXT_MAX = 500;
export const QUESTION_OPTIONS_MAX = 50;
export const QUESTION_OPTION_MAX = 200;
/** Longest free-text (Girdi) answer. */
export const TEXT_ANSWER_MAX = 2000;

const questionTypeInput = z.enum(QUESTION_TYPES, { error: messages.surveyQuestionTypeInvalid });

/**
 * One question of a survey's data. `answers` are the options of Seçenek and ÇokluSeçenek; Girdi has
 * none and Evet/Hayır always has evet/hayır (the server fills them in).
 */
export const surveyQuestionSchema = z.object({
  text: z.string().trim().min(1, messages.surveyQuestionTextRequired).max(QUESTION_TEXT_MAX),
  type: questionTypeInput,
  answers: z.array(z.string().trim().min(1).max(QUESTION_OPTION_MAX)).max(QUESTION_OPTIONS_MAX).default([]),
});
export type SurveyQuestion = z.output<typeof surveyQuestionSchema>;
export type SurveyQuestionInput = z.input<typeof surveyQuestionSchema>;

/** One answered question: the question's text then, and the value (a list for ÇokluSeçenek). */
export const answerValueSchema = z.union([z.string(), z.array(z.string())]);
export const surveyAnswerItemSchema = z.object({ text: z.string(), value: answerValueSchema });
export type SurveyAnswerItem = z.infer<typeof surveyAnswerItemSchema>;

/** The latest answers of one lead to one survey. */
export const surveyAnswerSetSchema = z.object({
  id: z.number(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  created_at: z.string(),
  answers: z.array(surveyAnswerItemSchema),
});
export type SurveyAnswerSet = z.infer<typeof surveyAnswerSetSchema>;

export const surveySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  data: z.array(z.object({ text: z.string(), type: z.enum(QUESTION_TYPES), answers: z.array(z.string()) })),
  /** The row offers 'view answers' when true, otherwise 'answer' (see docs/requirements.md#task-customer-and-money-states). */
  answered: z.boolean(),
  answers: surveyAnswerSetSchema.nullable(),
});
export type Survey = z.infer<typeof surveySchema>;

/** The survey builder is for admins and sales managers. */
const SURVEY_BUILDERS = departmentsOnly(['admin', 'sales_manager'], messages.forbidden);

/** POST /questions/{x}: every survey, with the answers of lead x (the lead must be in scope). */
export const questions = defineCall({
  method: 'POST',
  path: '/questions/{x}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'x',
  params: z.object({ x: recordId }),
  body: noBody,
  result: z.object({ results: z.array(surveySchema) }),
});

/**
 * POST /questions/save/: the survey builder's save. Without id a new survey; with id that survey is
 * replaced (answers given before keep the question texts they were given to). Admins and sales managers.
 */
export const questionsSave = defineCall({
  method: 'POST',
  path: '/questions/save/',
  encoding: 'form',
  auth: true,
  access: SURVEY_BUILDERS,
  params: noParams,
  body: z.object({
    id: recordId.optional(),
    name: z
      .string({ error: messages.surveyNameRequired })
      .trim()
      .min(1, messages.surveyNameRequired)
      .max(SURVEY_NAME_MAX),
    // The survey's data as bracket fields or as the JSON text it is stored as (see docs/requirements.md#lead-money-task-and-report-data).
    data: reshaped(
      jsonText,
      z
        .array(surveyQuestionSchema, { error: messages.surveyQuestionsRequired })
        .min(1, messages.surveyQuestionsRequired)
        .max(SURVEY_QUESTIONS_MAX),
    ),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/**
 * POST /answerSet/{x}: the answers of lead x to survey question_id, one per question in the survey's
 * order. Checked against the question types: Evet/Hayır 'evet'/'hayır', Seçenek one option,
 * ÇokluSeçenek a non-empty subset, Girdi text up to 2000 characters (may be empty).
 */
export const answerSet = defineCall({
  method: 'POST',
  path: '/answerSet/{x}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'x',
  params: z.object({ x: recordId }),
  body: z.object({
    question_id: recordId,
    answers: reshaped(
      jsonText,
      z
        .array(
          z.object({
            text: z.string().max(QUESTION_TEXT_MAX).optional(),
            value: z
              .union([
                z.string().max(TEXT_ANSWER_MAX * 2),
                z.array(z.string().max(QUESTION_OPTION_MAX)).max(QUESTION_OPTIONS_MAX),
              ])
              .default(''),
          }),
          { error: messages.surveyAnswersRequired },
        )
        .max(SURVEY_QUESTIONS_MAX),
    ),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** One survey as the builder (/quizbuilder) edits it, without any lead's answers. */
export const surveyDefinitionSchema = surveySchema.pick({
  id: true,
  name: true,
  created_at: true,
  data: true,
});
export type SurveyDefinition = z.infer<typeof surveyDefinitionSchema>;

/** POST /quizbuilder/surveys: every survey for the builder (admins and sales managers). Path is ours. */
export const surveyList = defineCall({
  method: 'POST',
  path: '/quizbuilder/surveys',
  encoding: 'form',
  auth: true,
  access: SURVEY_BUILDERS,
  params: noParams,
  body: noBody,
  result: z.object({ results: z.array(surveyDefinitionSchema) }),
});

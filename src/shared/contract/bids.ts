import { z } from 'zod';
import { jsonText, reshaped } from './blank';
import { defineCall, fieldName, flagField, noBody, noParams, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { format, messages } from '../i18n/messages';
import { normalizePrice } from '../domain/bid-total';

/** Question types of an offer template (spec 2 §3): db reads a lead field, cat offers priced answers. */
export const BID_QUESTION_TYPES = ['db', 'cat'] as const;
export type BidQuestionType = (typeof BID_QUESTION_TYPES)[number];
/** The question whose answer names the PDF file (spec 2 §2). */
export const BID_NAME_QUESTION = 'İsim Soyisim';

export const BID_NAME_MAX = 200;
export const BID_QUESTIONS_MAX = 60;
export const BID_ANSWERS_MAX = 40;
export const BID_TEXT_MAX = 500;

export const bidAnswerOptionSchema = z.object({
  text: z.string(),
  priceCalc: z.boolean(),
  /** NUMERIC text, e.g. '1250.00'. */
  priceVal: z.string(),
});
export type BidAnswerOption = z.infer<typeof bidAnswerOptionSchema>;

export const bidFieldSchema = z.object({ id: z.number(), name: z.string() });

export const bidQuestionSchema = z.object({
  text: z.string(),
  type: z.enum(BID_QUESTION_TYPES),
  /** The lead field of a db question; null for cat. */
  field: bidFieldSchema.nullable(),
  answers: z.array(bidAnswerOptionSchema),
});
export type BidQuestion = z.infer<typeof bidQuestionSchema>;

export const bidTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  questions: z.array(bidQuestionSchema),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type BidTemplate = z.infer<typeof bidTemplateSchema>;

/** POST /bids: every offer template. Path is ours. */
export const bids = defineCall({
  method: 'POST',
  path: '/bids',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ results: z.array(bidTemplateSchema) }),
});

/** POST /bids/{x}: one template, for the builder. */
export const bid = defineCall({
  method: 'POST',
  path: '/bids/{x}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  notFoundOnInvalidPath: true,
  params: z.object({ x: recordId }),
  body: noBody,
  result: z.object({ result: bidTemplateSchema }),
});

/** One answered question of an offer: the question then, its value, and the price it adds. */
export const bidAnswerItemSchema = z.object({
  question: z.string(),
  type: z.enum(BID_QUESTION_TYPES),
  value: z.string(),
  /** NUMERIC text the answer adds to the total ('0.00' when it does not count). */
  price: z.string(),
});
export type BidAnswerItem = z.infer<typeof bidAnswerItemSchema>;

export const bidPreviewSchema = z.object({
  template: bidTemplateSchema,
  lead: z.object({ id: z.number(), name: z.string() }),
  /** One per question, in the template's order: saved answers, db questions from the lead. */
  answers: z.array(bidAnswerItemSchema),
  /** NUMERIC text. */
  total: z.string(),
  /** The saved offer, or null when none was saved for this lead yet. */
  saved: z.object({ id: z.number(), created_at: z.string(), agent_name: z.string().nullable() }).nullable(),
});
export type BidPreview = z.infer<typeof bidPreviewSchema>;

/** POST /bids/{x}/{y}: the preview of template y for lead x with the computed total (spec 2 §7). */
export const bidPreview = defineCall({
  method: 'POST',
  path: '/bids/{x}/{y}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'x',
  notFoundOnInvalidPath: true,
  params: z.object({ x: recordId, y: recordId }),
  body: noBody,
  result: z.object({ result: bidPreviewSchema }),
});

const textInput = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(BID_TEXT_MAX);

/** A flag as JSON or a form spells it: true/false, 1/0, '1'/'0', 'true'/'false'; missing is false. */
const priceCalcInput = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? false : value),
  z.union([z.boolean(), flagField.transform((flag) => flag === 1)]),
);

/** A price as text or a JSON number (1500); missing or empty is 0. */
const priceValInput = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? '0' : value),
  z.union([z.string(), z.number().finite()]).transform((value) => String(value).trim()),
);

const answerOptionInput = z.object({
  text: textInput(messages.bidQuestionTextRequired),
  priceCalc: priceCalcInput,
  priceVal: priceValInput,
});

/** A question's field: null, or left empty ('' / {} / {id: '', name: ''}) when the question has none. */
const fieldInput = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'object' && !Array.isArray(value)) {
      const { id, name } = value as { id?: unknown; name?: unknown };
      if (
        (id === undefined || id === '' || id === null) &&
        (name === undefined || name === '' || name === null)
      ) {
        return null;
      }
    }
    return value;
  },
  z.object({ id: z.coerce.number().int().nonnegative(), name: fieldName }).nullable(),
);

const questionInput = z
  .object({
    text: textInput(messages.bidQuestionTextRequired),
    type: z.enum(BID_QUESTION_TYPES),
    field: fieldInput,
    answers: z.array(answerOptionInput).max(BID_ANSWERS_MAX).default([]),
  })
  .superRefine((question, ctx) => {
    if (question.type === 'db' && question.field === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['field'],
        message: format(messages.bidFieldRequired, { question: question.text }),
      });
    }
    if (question.type === 'cat' && question.answers.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['answers'],
        message: format(messages.bidAnswersRequired, { question: question.text }),
      });
    }
    question.answers.forEach((answer, index) => {
      if (normalizePrice(answer.priceVal) === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['answers', index, 'priceVal'],
          message: format(messages.bidPriceInvalid, { question: question.text }),
        });
      }
    });
  });

/**
 * POST /bids/save/: a template (name, questions); with id that template is replaced. JSON, or a form
 * (bracket fields, or `questions` as JSON text); a question's flags and prices in either spelling.
 */
export const bidsSave = defineCall({
  method: 'POST',
  path: '/bids/save/',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    id: recordId.optional(),
    name: textInput(messages.bidNameRequired).max(BID_NAME_MAX),
    questions: reshaped(
      jsonText,
      z
        .array(questionInput, { error: messages.bidQuestionsRequired })
        .min(1, messages.bidQuestionsRequired)
        .max(BID_QUESTIONS_MAX),
    ),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** POST /bids/remove/: deletes a template and the offers made from it. Path is ours. */
export const bidRemove = defineCall({
  method: 'POST',
  path: '/bids/remove/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/**
 * POST /bidSet/{x}: the offer for lead x from template_id: one value per question in the template's
 * order (a db question's text, a cat question's chosen answer text or ''). The server computes the total.
 */
export const bidSet = defineCall({
  method: 'POST',
  path: '/bidSet/{x}',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'x',
  notFoundOnInvalidPath: true,
  params: z.object({ x: recordId }),
  body: z.object({
    template_id: recordId,
    values: z.array(z.string().max(BID_TEXT_MAX * 4)).max(BID_QUESTIONS_MAX),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number(), total: z.string() }),
});

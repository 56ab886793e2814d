import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  QUESTION_TYPE,
  QUESTION_TYPES,
  TEXT_ANSWER_MAX,
  YES_NO_ANSWERS,
  surveyAnswerItemSchema,
  type CallResult,
  type SurveyAnswerItem,
  type SurveyAnswerSet,
  type SurveyQuestion,
} from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { EngineUser } from '../../engine/types';
import type { LeadScope } from '../../engine/lead-scope';
import { requireScreenFlag } from '../hooks';

/** The lead detail tab surveys belong to (option list 130). */
export const SURVEYS_MODULE = 'anketler';
/** Building surveys is a manager's job; agents answer them. */
const BUILDER_DEPARTMENTS: ReadonlySet<string> = new Set(['admin', 'sales_manager']);
/** The survey builder's menu entry (crm_tables url 'quizbuilder'). */
export const SURVEY_BUILDER_SCREEN = 'quizbuilder';

export interface SurveyDraft {
  id?: number | undefined;
  name: string;
  data: readonly SurveyQuestion[];
}

export interface GivenAnswer {
  text?: string | undefined;
  value: string | string[];
}

export interface SurveysService {
  list(user: EngineUser, leadId: number): Promise<CallResult<'questions'>>;
  save(user: EngineUser, draft: SurveyDraft): Promise<CallResult<'questionsSave'>>;
  /** Every survey for the builder. */
  definitions(user: EngineUser): Promise<CallResult<'surveyList'>>;
  answer(
    user: EngineUser,
    leadId: number,
    surveyId: number,
    answers: readonly GivenAnswer[],
  ): Promise<CallResult<'answerSet'>>;
}

const storedQuestions = z.array(
  z.object({ text: z.string(), type: z.enum(QUESTION_TYPES), answers: z.array(z.string()) }),
);
const storedAnswers = z.array(surveyAnswerItemSchema);

/** Stored JSON that no longer parses (edited by hand) shows as empty instead of failing the tab. */
function questionsOf(stored: unknown): SurveyQuestion[] {
  const parsed = storedQuestions.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

function answersOf(stored: unknown): SurveyAnswerItem[] {
  const parsed = storedAnswers.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/** The builder's question with the options its type allows: Evet/Hayır fixed, Girdi none. */
function normalizeQuestion(question: SurveyQuestion): SurveyQuestion {
  switch (question.type) {
    case QUESTION_TYPE.yesNo:
      return { ...question, answers: [...YES_NO_ANSWERS] };
    case QUESTION_TYPE.input:
      return { ...question, answers: [] };
    case QUESTION_TYPE.choice:
    case QUESTION_TYPE.multipleChoice: {
      const options = [...new Set(question.answers)];
      if (options.length < 2) {
        throw DomainError.invalid(format(messages.surveyOptionsRequired, { question: question.text }));
      }
      return { ...question, answers: options };
    }
  }
}

const turkishLower = (text: string): string => text.trim().toLocaleLowerCase('tr-TR');

/** One answer checked against its question's type; the stored value, or a Turkish 400. */
function checkAnswer(question: SurveyQuestion, given: GivenAnswer): string | string[] {
  const invalid = (): DomainError =>
    DomainError.invalid(format(messages.surveyAnswerInvalid, { question: question.text }));
  const required = (): DomainError =>
    DomainError.invalid(format(messages.surveyAnswerRequired, { question: question.text }));
  const { value } = given;
  switch (question.type) {
    case QUESTION_TYPE.input: {
      if (typeof value !== 'string') throw invalid();
      const text = value.trim();
      if (text.length > TEXT_ANSWER_MAX) {
        throw DomainError.invalid(
          format(messages.surveyAnswerTooLong, { question: question.text, max: TEXT_ANSWER_MAX }),
        );
      }
      return text;
    }
    case QUESTION_TYPE.yesNo: {
      if (typeof value !== 'string') throw invalid();
      if (value.trim() === '') throw required();
      const answer = turkishLower(value);
      if (!(YES_NO_ANSWERS as readonly string[]).includes(answer)) throw invalid();
      return answer;
    }
    case QUESTION_TYPE.choice: {
      if (typeof value !== 'string') throw invalid();
      const answer = value.trim();
      if (answer === '') throw required();
      if (!question.answers.includes(answer)) throw invalid();
      return answer;
    }
    case QUESTION_TYPE.multipleChoice: {
      // A form sends a one-element list the same way as a single value.
      const list = (typeof value === 'string' ? [value] : value).map((item) => item.trim()).filter(Boolean);
      if (list.length === 0) throw required();
      if (list.some((item) => !question.answers.includes(item))) throw invalid();
      // Kept in the survey's option order, once each.
      return question.answers.filter((option) => list.includes(option));
    }
  }
}

export function createSurveysService(db: Kysely<Database>, scope: LeadScope): SurveysService {
  /** The latest answers of the lead per survey, with who gave them. */
  async function latestAnswers(leadId: number): Promise<Map<number, SurveyAnswerSet>> {
    const { rows } = await sql<{
      id: number;
      question_id: number;
      agent_id: number | null;
      agent_name: string | null;
      created_at: string;
      answers: unknown;
    }>`select distinct on (a.question_id) a.id, a.question_id, a.agent_id, u.name as agent_name,
        a.created_at, a.answers
      from answers a left join users u on u.id = a.agent_id
      where a.lead_id = ${leadId}
      order by a.question_id, a.id desc`.execute(db);
    return new Map(
      rows.map((row) => [
        row.question_id,
        {
          id: row.id,
          agent_id: row.agent_id,
          agent_name: row.agent_name,
          created_at: row.created_at,
          answers: answersOf(row.answers),
        },
      ]),
    );
  }

  return {
    async list(user, leadId) {
      await scope.requireLead(user, leadId, { module: SURVEYS_MODULE });
      const [surveys, answers] = await Promise.all([
        db.selectFrom('questions').select(['id', 'name', 'created_at', 'data']).orderBy('id').execute(),
        latestAnswers(leadId),
      ]);
      return {
        results: surveys.map((survey) => {
          const given = answers.get(survey.id) ?? null;
          return {
            id: survey.id,
            name: survey.name,
            created_at: survey.created_at,
            data: questionsOf(survey.data),
            answered: given !== null,
            answers: given,
          };
        }),
      };
    },

    async definitions(user) {
      if (!BUILDER_DEPARTMENTS.has(user.department)) throw DomainError.forbidden(messages.forbidden);
      // The builder's menu entry decides as well: a group whose screen is closed gets none of its calls.
      await requireScreenFlag(db, user, SURVEY_BUILDER_SCREEN, 'show');
      const rows = await db
        .selectFrom('questions')
        .select(['id', 'name', 'created_at', 'data'])
        .orderBy('id')
        .execute();
      return { results: rows.map((row) => ({ ...row, data: questionsOf(row.data) })) };
    },

    async save(user, draft) {
      if (!BUILDER_DEPARTMENTS.has(user.department)) throw DomainError.forbidden(messages.forbidden);
      await requireScreenFlag(db, user, SURVEY_BUILDER_SCREEN, 'update');
      const data = JSON.stringify(draft.data.map(normalizeQuestion));
      if (draft.id !== undefined) {
        const updated = await db
          .updateTable('questions')
          .set({ name: draft.name, data })
          .where('id', '=', draft.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw DomainError.notFound(messages.surveyNotFound);
        return { success: true, msg: messages.surveySaved, id: updated.id };
      }
      const created = await db
        .insertInto('questions')
        .values({ name: draft.name, data })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.surveySaved, id: created.id };
    },

    async answer(user, leadId, surveyId, given) {
      await scope.requireLead(user, leadId, { module: SURVEYS_MODULE });
      const survey = await db
        .selectFrom('questions')
        .select(['id', 'data'])
        .where('id', '=', surveyId)
        .executeTakeFirst();
      if (!survey) throw DomainError.notFound(messages.surveyNotFound);
      const questions = questionsOf(survey.data);
      if (given.length !== questions.length) {
        throw DomainError.invalid(
          format(messages.surveyAnswerCount, { count: questions.length, given: given.length }),
        );
      }
      // Stored with the question's text of today: a later edit of the survey keeps old answers readable.
      const items: SurveyAnswerItem[] = questions.map((question, index) => ({
        text: question.text,
        value: checkAnswer(question, given[index] ?? { value: '' }),
      }));
      const row = await db
        .insertInto('answers')
        .values({
          question_id: survey.id,
          lead_id: leadId,
          agent_id: user.id,
          answers: JSON.stringify(items),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.surveyAnswersSaved, id: row.id };
    },
  };
}

import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  bidQuestionSchema,
  type BidAnswerItem,
  type BidQuestion,
  type BidTemplate,
  type CallResult,
} from '../../../shared/contract';
import { bidTotal, readPrice } from '../../../shared/domain/bid-total';
import { format, messages } from '../../../shared/i18n/messages';
import type { BidTemplatesTable, Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { toCell } from '../../engine/cells';
import type { LeadScope } from '../../engine/lead-scope';
import { recordNotFound } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';
import { requireScreenFlag } from '../hooks';

/** The menu entry (crm_tables row with url 'bids') whose permission opens the template builder. */
export const BIDS_SCREEN = 'bids';

export interface BidDraft {
  id?: number | undefined;
  name: string;
  questions: readonly {
    text: string;
    type: 'db' | 'cat';
    field: { id: number; name: string } | null;
    answers: readonly { text: string; priceCalc: boolean; priceVal: string }[];
  }[];
}

export interface BidsService {
  list(user: EngineUser): Promise<CallResult<'bids'>>;
  get(user: EngineUser, id: number): Promise<CallResult<'bid'>>;
  save(user: EngineUser, draft: BidDraft): Promise<CallResult<'bidsSave'>>;
  remove(user: EngineUser, id: number): Promise<CallResult<'bidRemove'>>;
  preview(user: EngineUser, leadId: number, templateId: number): Promise<CallResult<'bidPreview'>>;
  answer(
    user: EngineUser,
    leadId: number,
    templateId: number,
    values: readonly string[],
  ): Promise<CallResult<'bidSet'>>;
}

const storedQuestions = z.array(bidQuestionSchema);
const storedAnswers = z.array(z.object({ question: z.string(), value: z.string() }).passthrough());

/** A template edited by hand into something unreadable shows as empty rather than failing the screen. */
function questionsOf(stored: unknown): BidQuestion[] {
  const parsed = storedQuestions.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

function toTemplate(row: Selectable<BidTemplatesTable>): BidTemplate {
  return {
    id: row.id,
    name: row.name,
    questions: questionsOf(row.questions),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One answered question with the price its choice adds. */
function answerItem(question: BidQuestion, value: string): BidAnswerItem {
  const chosen = question.type === 'cat' ? question.answers.find((a) => a.text === value) : undefined;
  const price = chosen ? bidTotal([chosen]) : '0.00';
  return { question: question.text, type: question.type, value, price };
}

function totalOf(questions: readonly BidQuestion[], values: readonly string[]): string {
  const chosen = questions.flatMap((question, index) =>
    question.type === 'cat' ? question.answers.filter((a) => a.text === values[index]) : [],
  );
  return bidTotal(chosen);
}

export function createBidsService(
  db: Kysely<Database>,
  registry: TableRegistry,
  scope: LeadScope,
): BidsService {
  async function requireTemplate(id: number): Promise<Selectable<BidTemplatesTable>> {
    const row = await db.selectFrom('bid_templates').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw DomainError.notFound(messages.bidNotFound);
    return row;
  }

  /**
   * Templates and offers are the bids screen's: its menu entry's show flag opens them (agents who prepare
   * offers have it), update saves a template, delete removes one; an offer also needs its lead in scope.
   */
  async function requireBidsScreen(user: EngineUser): Promise<void> {
    await requireScreenFlag(db, user, BIDS_SCREEN, 'show');
    if (!(await scope.access(user))) throw DomainError.forbidden(messages.forbidden);
  }

  /** db questions name real lead fields, with their registry ids; prices are stored as NUMERIC text. */
  async function normalizeQuestions(draft: BidDraft): Promise<BidQuestion[]> {
    const leads = await registry.getTable('leads');
    const fields = new Map((leads?.fields ?? []).map((field) => [field.name, field]));
    return draft.questions.map((question) => {
      if (question.type === 'db') {
        const field = question.field ? fields.get(question.field.name) : undefined;
        if (!field) throw DomainError.invalid(format(messages.bidFieldInvalid, { question: question.text }));
        return { text: question.text, type: 'db', field: { id: field.id, name: field.name }, answers: [] };
      }
      const answers = question.answers.map((answer) => {
        const price = readPrice(answer.priceVal, question.text);
        if (!price.ok) throw DomainError.invalid(price.error);
        return { text: answer.text, priceCalc: answer.priceCalc, priceVal: price.value };
      });
      return { text: question.text, type: 'cat', field: null, answers };
    });
  }

  /** The lead's values of the template's db fields the user may read; others stay empty. */
  async function leadValues(user: EngineUser, leadId: number, questions: readonly BidQuestion[]) {
    const access = await scope.access(user);
    if (!access) throw recordNotFound();
    const wanted = questions
      .map((q) => q.field?.name)
      .filter((name): name is string => name !== undefined && access.readableNames.has(name));
    const row = await scope.requireLead(user, leadId, { columns: ['name', ...wanted] });
    const valueOf = (name: string | undefined): string => {
      if (name === undefined || !wanted.includes(name)) return '';
      const cell = toCell(row[name]);
      return cell === null ? '' : String(cell);
    };
    return { name: String(row.name ?? ''), valueOf };
  }

  return {
    async list(user) {
      await requireBidsScreen(user);
      const rows = await db.selectFrom('bid_templates').selectAll().orderBy('name').orderBy('id').execute();
      return { results: rows.map(toTemplate) };
    },

    async get(user, id) {
      await requireBidsScreen(user);
      return { result: toTemplate(await requireTemplate(id)) };
    },

    async save(user, draft) {
      await requireScreenFlag(db, user, BIDS_SCREEN, 'update');
      const questions = JSON.stringify(await normalizeQuestions(draft));
      if (draft.id !== undefined) {
        const updated = await db
          .updateTable('bid_templates')
          .set({ name: draft.name, questions, updated_at: sql<string>`date_trunc('second', localtimestamp)` })
          .where('id', '=', draft.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw DomainError.notFound(messages.bidNotFound);
        return { success: true, msg: messages.bidSaved, id: updated.id };
      }
      const created = await db
        .insertInto('bid_templates')
        .values({ name: draft.name, questions, created_by: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.bidSaved, id: created.id };
    },

    async remove(user, id) {
      await requireScreenFlag(db, user, BIDS_SCREEN, 'delete');
      const removed = await db
        .deleteFrom('bid_templates')
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!removed) throw DomainError.notFound(messages.bidNotFound);
      return { success: true, msg: messages.bidRemoved };
    },

    async preview(user, leadId, templateId) {
      await requireBidsScreen(user);
      const template = toTemplate(await requireTemplate(templateId));
      const lead = await leadValues(user, leadId, template.questions);
      const saved = await db
        .selectFrom('bid_answers')
        .leftJoin('users', 'users.id', 'bid_answers.agent_id')
        .select([
          'bid_answers.id',
          'bid_answers.created_at',
          'bid_answers.answers',
          'users.name as agent_name',
        ])
        .where('bid_answers.lead_id', '=', leadId)
        .where('bid_answers.template_id', '=', templateId)
        .orderBy('bid_answers.id', 'desc')
        .executeTakeFirst();
      const parsed = storedAnswers.safeParse(saved?.answers);
      // Matched by question text: a template edited after the offer keeps the answers it still asks.
      const given = new Map((parsed.success ? parsed.data : []).map((item) => [item.question, item.value]));
      const values = template.questions.map(
        (question) =>
          given.get(question.text) ?? (question.type === 'db' ? lead.valueOf(question.field?.name) : ''),
      );
      return {
        result: {
          template,
          lead: { id: leadId, name: lead.name },
          answers: template.questions.map((question, index) => answerItem(question, values[index] ?? '')),
          total: totalOf(template.questions, values),
          saved: saved
            ? { id: saved.id, created_at: saved.created_at, agent_name: saved.agent_name ?? null }
            : null,
        },
      };
    },

    async answer(user, leadId, templateId, values) {
      await requireBidsScreen(user);
      const template = toTemplate(await requireTemplate(templateId));
      const access = await scope.access(user);
      if (!access) throw recordNotFound();
      await scope.requireLead(user, leadId);
      // An offer is written on the lead: the user must be allowed to change leads.
      if (access.flags.update !== 1) throw DomainError.forbidden(messages.forbidden);
      if (values.length !== template.questions.length) {
        throw DomainError.invalid(
          format(messages.surveyAnswerCount, { count: template.questions.length, given: values.length }),
        );
      }
      const cleaned = template.questions.map((question, index) => {
        const value = (values[index] ?? '').trim();
        if (question.type === 'cat' && value !== '' && !question.answers.some((a) => a.text === value)) {
          throw DomainError.invalid(format(messages.bidAnswerInvalid, { question: question.text }));
        }
        return value;
      });
      const answers = template.questions.map((question, index) => answerItem(question, cleaned[index] ?? ''));
      const total = totalOf(template.questions, cleaned);
      const row = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('bid_answers')
          .values({
            lead_id: leadId,
            template_id: templateId,
            agent_id: user.id,
            answers: JSON.stringify(answers),
            total,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The lead's history shows that an offer was made, by whom and for how much.
        await trx
          .insertInto('lead_journal')
          .values({
            lead_id: leadId,
            agent_id: user.id,
            values: JSON.stringify({ teklif: { old: null, new: `${template.name}: ${total}` } }),
          })
          .execute();
        return created;
      });
      return { success: true, msg: messages.bidAnswersSaved, id: row.id, total };
    },
  };
}

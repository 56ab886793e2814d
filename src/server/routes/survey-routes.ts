import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createSurveysService } from '../services/surveys-service';
import { registerCall } from './register-call';

/** Surveys of the lead detail's anketler tab and the survey builder (spec 2 §2, §7). */
export function registerSurveyRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): void {
  const surveys = createSurveysService(db, getTableRegistry(db));

  registerCall(app, 'questions', ({ user, params }) => surveys.list(user, params.x));
  registerCall(app, 'questionsSave', ({ user, body }) => surveys.save(user, body));
  registerCall(app, 'answerSet', ({ user, params, body }) =>
    surveys.answer(user, params.x, body.question_id, body.answers),
  );
}

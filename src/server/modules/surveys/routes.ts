import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Surveys of the lead detail's anketler tab and the survey builder (see docs/requirements.md#lead-workspace-and-work-screens, #calls). */
export function registerSurveyRoutes(app: FastifyInstance, { surveys }: Pick<Services, 'surveys'>): void {
  registerCall(app, 'questions', ({ user, params }) => surveys.list(user, params.x));
  registerCall(app, 'questionsSave', ({ user, body }) => surveys.save(user, body));
  registerCall(app, 'surveyList', ({ user }) => surveys.definitions(user));
  registerCall(app, 'answerSet', ({ user, params, body }) =>
    surveys.answer(user, params.x, body.question_id, body.answers),
  );
}

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TelephonyAdapter } from '../adapters/telephony/telephony';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import type { CallLog } from '../services/call-log';
import { createCallsService } from '../services/calls-service';
import { registerCall } from './register-call';

export interface CallRoutesDeps {
  db: Kysely<Database>;
  /** Created once per server (buildServer), shared by every request. */
  telephony: TelephonyAdapter;
  callLog: CallLog;
}

/** Click-to-call from the lead-status cell and the lead detail (spec 1 §2, spec 2 §7 "Calls"). */
export function registerCallRoutes(app: FastifyInstance, { db, telephony, callLog }: CallRoutesDeps): void {
  const calls = createCallsService({ db, registry: getTableRegistry(db), telephony, callLog });

  registerCall(app, 'makeCall', ({ user, body }) => calls.makeCall(user, body));
  registerCall(app, 'makeFastCall', ({ user, body }) => calls.makeFastCall(user, body));
}

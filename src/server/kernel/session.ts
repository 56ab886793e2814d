import type { FastifyRequest } from 'fastify';
import type { Department } from '../../shared/domain/constants';

/** The signed-in user as every authenticated handler sees it. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  department: Department;
  user_group_id: number;
  user_group: string | null;
  team_id: number | null;
  team: string | null;
  dahili: string | null;
  telegram_id: string | null;
  theme: string | null;
  /** The line one click on "Ara" calls on (migration 029). */
  default_call_line?: string | null;
  /** An admin set the password: only the password change (and the calls the app needs to show it) pass. */
  must_change_password?: boolean;
}

/** Who a session token belongs to; installed once by buildServer and asked by HTTP calls and sockets alike. */
export type Authenticator = (token: string) => Promise<AuthUser | null>;

const BEARER = /^Bearer\s+(\S{1,512})\s*$/i;

/** The session token of a request's `Authorization: Bearer` header. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

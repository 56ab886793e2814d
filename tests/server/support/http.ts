import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { encodeForm } from '../../../src/shared/contract';

function authHeader(token?: string): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** POST with the API's default encoding: a PHP-style bracket form. */
export function postForm(
  app: FastifyInstance,
  url: string,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...authHeader(token) },
    payload: encodeForm(body),
  });
}

export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...authHeader(token) },
    payload: JSON.stringify(body),
  });
}

export function get(app: FastifyInstance, url: string, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: authHeader(token) });
}

/** Logs in through the API and returns the token (fails the test when login does not succeed). */
export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await postForm(app, '/api/auth/login', { email, password });
  const body = response.json<{ success: boolean; token?: string; msg: string }>();
  if (!body.success || !body.token) throw new Error(`login failed for ${email}: ${body.msg}`);
  return body.token;
}

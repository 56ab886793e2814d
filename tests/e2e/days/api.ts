import { baseUrl } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/screens';

/** One call to the CRM API from the test itself: a colleague at another desk, set up without a screen. */
export async function api(
  path: string,
  token: string | null,
  body?: Record<string, string>,
): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = (await api('/auth/login', null, { email, password })) as {
    success: boolean;
    token?: string;
  };
  if (!answer.success || !answer.token) throw new Error(`login of ${email} failed`);
  return answer.token;
}

/** The signed-in user's id and name (POST /auth/validate). */
export async function whoAmI(token: string): Promise<{ id: number; name: string }> {
  const answer = (await api('/auth/validate', token, {})) as { data: { userId: number; userName: string } };
  return { id: answer.data.userId, name: answer.data.userName };
}

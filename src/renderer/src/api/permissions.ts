import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import type { SessionStatus } from '../../../shared/bridge';
import type { CallResult } from '../../../shared/contract';
import { SessionContext } from './session-context';
import { useBridge } from '../bridge/bridge-context';
import type { CrmError } from './crm-error';
import { crmKeys } from './query-keys';
import { callCrm } from './use-crm-call';

type PermissionsCall = CallResult<'permissions'>;

/** `me` with who the user is always filled in: from the answer, else from the session. */
export type SessionMe = PermissionsCall['me'] & { id: number; name: string; email: string };
export type PermissionsAnswer = Omit<PermissionsCall, 'me'> & { me: SessionMe };

/**
 * A server of the spec's API names only the user's department, team and dahili in `me`; the id and the
 * name the session got at login stand in for the rest (docs/api-conformance.md#our-client-against-a-spec-only-server).
 */
export function withSessionUser(answer: PermissionsCall, session: SessionStatus | null): PermissionsAnswer {
  const { me } = answer;
  return {
    ...answer,
    me: {
      ...me,
      id: me.id ?? session?.userId ?? 0,
      name: me.name ?? session?.userName ?? '',
      email: me.email ?? '',
    },
  };
}

/** GET /permissions: the menu tables with the user's flags, and `me`. Changes only when an admin edits groups. */
export function usePermissions(): UseQueryResult<PermissionsAnswer, CrmError> {
  const bridge = useBridge();
  const session = useContext(SessionContext)?.session ?? null;
  // Stable while the session is, so the query keeps handing out the same answer object.
  const select = useCallback((answer: PermissionsCall) => withSessionUser(answer, session), [session]);
  return useQuery({
    queryKey: crmKeys.permissions(),
    queryFn: () => callCrm(bridge, 'permissions', { params: {} }),
    select,
    staleTime: 5 * 60_000,
  });
}

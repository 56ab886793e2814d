import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Preferences } from '../../../../shared/contract';
import { crmKeys } from '../../api/query-keys';
import { callCrm } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { shellTexts } from '../../i18n/shell-texts';
import { shellInputs } from '../shell-queries';
import { browserStorage, readCachedPreferences, writeCachedPreferences } from './preferences-cache';

export type PreferencesContextValue = {
  preferences: Preferences;
  /** Applies at once (optimistic) and saves the changed keys; a refusal puts the old values back. */
  save: (patch: Partial<Preferences>) => void;
};

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

const PREFERENCES_KEY = crmKeys.call('preferences', shellInputs.preferences);

export type PreferencesProviderProps = { userId: number | null; children: ReactNode };

/**
 * The user's UI preferences (layout, dark mode, muted words, open panels) for the whole shell, from
 * POST /preferences/. The cached copy in localStorage is the query's initial data, so the very first
 * frame already has the user's layout and colours; the server's answer replaces it right away.
 */
export function PreferencesProvider({ userId, children }: PreferencesProviderProps): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const storage = browserStorage();

  const query = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async (): Promise<Preferences> =>
      (await callCrm(bridge, 'preferences', shellInputs.preferences)).preferences,
    initialData: () => readCachedPreferences(storage, userId),
    // The cached copy is only for painting: always ask the server once at start.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
  const preferences = query.data;

  useEffect(() => {
    if (query.isFetched) writeCachedPreferences(storage, userId, preferences);
  }, [storage, userId, preferences, query.isFetched]);

  // The desktop main process mutes native notifications with the same words (see docs/requirements.md#shell-lists-and-chat); it keeps its
  // own copy because it shows them while no window is open. Sent once the server's list is known.
  const mutedKey = JSON.stringify(preferences.mutedKeywords);
  useEffect(() => {
    if (!query.isFetched) return;
    const words = JSON.parse(mutedKey) as string[];
    bridge.settings.setMutedKeywords(words).catch(() => {
      // The drawer still hides them; only the native pop-ups would miss the change until the next start.
    });
  }, [bridge, mutedKey, query.isFetched]);

  // Saves can overlap (two quick toggles); only the newest answer may overwrite what is shown.
  const latestSave = useRef(0);
  const mutation = useMutation({
    mutationFn: async (input: { patch: Partial<Preferences>; serial: number }) =>
      (await callCrm(bridge, 'preferencesSave', { body: input.patch })).preferences,
    onMutate: async ({ patch }) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const previous = queryClient.getQueryData<Preferences>(PREFERENCES_KEY);
      if (previous) queryClient.setQueryData<Preferences>(PREFERENCES_KEY, { ...previous, ...patch });
      return { previous };
    },
    onSuccess: (saved, { serial }) => {
      if (serial === latestSave.current) queryClient.setQueryData<Preferences>(PREFERENCES_KEY, saved);
    },
    onError: (error, { serial }, context) => {
      if (serial === latestSave.current && context?.previous) {
        queryClient.setQueryData<Preferences>(PREFERENCES_KEY, context.previous);
      }
      notifier.danger(shellTexts.preferencesSaveFailed, error.message);
    },
  });
  const { mutate } = mutation;

  const save = useCallback(
    (patch: Partial<Preferences>) => {
      latestSave.current += 1;
      mutate({ patch, serial: latestSave.current });
    },
    [mutate],
  );

  const value = useMemo(() => ({ preferences, save }), [preferences, save]);
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences is only available inside PreferencesProvider');
  return value;
}

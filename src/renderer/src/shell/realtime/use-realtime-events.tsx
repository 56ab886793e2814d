import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { NOTIFICATION_COMPLETED, TOAST_MS } from '../../../../shared/domain';
import { messages } from '../../../../shared/i18n/messages';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { shellTexts } from '../../i18n/shell-texts';
import { isMuted } from '../notifications/muted-keywords';
import { leadDetailPath } from '../search/search-keyword';
import { callOutcomeIntent } from '../../components/field-renderers/lead-status/call-outcome-look';
import { callTexts } from '../../i18n/call-texts';
import { callKeyPrefix, invalidateOptionLists, invalidateReminders } from '../shell-queries';

export type RealtimeHandlers = {
  mutedKeywords: readonly string[];
  /** The desktop's global shortcut: the window is in front already, the search box takes the focus. */
  focusSearch: () => void;
};

/**
 * The shell's listeners on the bridge's pushed events, the same in both editions (the desktop main
 * process forwards its socket; the web bridge holds its own):
 * - notification: the drawer, bell, reminders and calendar refetch; a toast unless a muted word hides it;
 * - fieldUpdate: option lists reload (see docs/requirements.md#calls);
 * - callOutcome: what became of the agent's call (the PBX's answer, however late) as a toast, and the
 *   lead's call history refetches;
 * - realtimeStatus: after a reconnect, pushes may have been missed, so the drawer refetches;
 * - openLead / openSearch: a native notification or the global shortcut asks for a screen.
 */
export function useRealtimeEvents({ mutedKeywords, focusSearch }: RealtimeHandlers): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const navigate = useNavigate();
  // Listeners are registered once; they read the newest values through this ref.
  const latest = useRef({ mutedKeywords, focusSearch });
  useEffect(() => {
    latest.current = { mutedKeywords, focusSearch };
  });

  useEffect(() => {
    const offs = [
      bridge.on('notification', (event) => {
        invalidateReminders(queryClient);
        // A completion is pushed too (so other windows update); it is news to nobody, so no toast.
        if (event.completed === NOTIFICATION_COMPLETED.done) return;
        if (isMuted(event, latest.current.mutedKeywords)) return;
        const leadId = event.lead_id;
        notifier.show({
          intent: 'primary',
          icon: 'notifications',
          timeout: TOAST_MS.error,
          message: (
            <div className="toast-text" data-testid="notification-toast">
              <strong>{event.title || shellTexts.newNotification}</strong>
              {event.leadName ? <div>{event.leadName}</div> : null}
              {event.body ? <div className="toast-body">{event.body}</div> : null}
            </div>
          ),
          action:
            leadId !== null
              ? { text: messages.detail, onClick: () => void navigate(leadDetailPath(leadId)) }
              : undefined,
        });
      }),
      bridge.on('fieldUpdate', (event) => invalidateOptionLists(queryClient, event)),
      bridge.on('callOutcome', (event) => {
        void queryClient.invalidateQueries({ queryKey: callKeyPrefix('callHistory') });
        const leadId = event.lead_id;
        notifier.show({
          intent: callOutcomeIntent(event.status),
          icon: 'phone',
          timeout: TOAST_MS.error,
          message: (
            <div className="toast-text" data-testid="call-outcome-toast">
              <strong>{callTexts.outcomeTitle}</strong>
              {event.leadName ? <div>{event.leadName}</div> : null}
              <div className="toast-body">{event.message}</div>
            </div>
          ),
          action: { text: messages.detail, onClick: () => void navigate(leadDetailPath(leadId)) },
        });
      }),
      bridge.on('realtimeStatus', ({ connected }) => {
        if (connected) invalidateReminders(queryClient);
      }),
      bridge.on('openLead', ({ leadId }) => void navigate(leadDetailPath(leadId))),
      bridge.on('openChat', ({ channelId }) => void navigate(`/chat/ch/${channelId}`)),
      bridge.on('openSearch', () => latest.current.focusSearch()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bridge, queryClient, notifier, navigate]);
}

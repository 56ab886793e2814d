import { Callout } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';
import { useConnectionMonitor } from '../../api/connection-context';
import { useBridge } from '../../bridge/bridge-context';
import './connection.css';

/**
 * "Sunucu bağlantısı koptu, yeniden bağlanılıyor..." while the server cannot be reached (a request failed
 * on the network or the socket went down); screens keep their last data meanwhile. When the connection
 * returns the banner goes and every screen refreshes (docs/user-guide.md#connection).
 */
export function ConnectionBanner(): ReactNode {
  const monitor = useConnectionMonitor();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const lost = useSyncExternalStore(monitor.subscribe, monitor.lost);

  useEffect(() => {
    const off = bridge.on('realtimeStatus', ({ connected }) => monitor.socketStatus(connected));
    return () => {
      off();
      // Logout closes the socket on purpose; the next session's socket tells anew.
      monitor.forgetSocket();
    };
  }, [bridge, monitor]);

  // Back from lost: what the screens show may be old.
  const wasLost = useRef(lost);
  useEffect(() => {
    if (wasLost.current && !lost) void queryClient.invalidateQueries();
    wasLost.current = lost;
  }, [lost, queryClient]);

  // While lost, something must ask: queries retry by themselves, the shell's menu stands for the rest.
  useEffect(() => {
    if (!lost) return undefined;
    const timer = window.setInterval(() => {
      void queryClient.refetchQueries({ type: 'active', stale: true });
    }, 5_000);
    return () => window.clearInterval(timer);
  }, [lost, queryClient]);

  if (!lost) return null;
  return (
    <Callout
      intent="warning"
      icon="offline"
      className="connection-banner"
      role="alert"
      data-testid="connection-banner"
    >
      {messages.connectionLost}
    </Callout>
  );
}

import { OverlayToaster, type ToastProps } from '@blueprintjs/core';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { TOAST_MS } from '../../../shared/domain';

export interface Notifier {
  show(props: ToastProps): void;
  /** Errors stay 5 s (see docs/requirements.md#constants-and-limits). */
  danger(title: string, detail?: string): void;
  /** Successes stay 3 s (see docs/requirements.md#constants-and-limits). */
  success(message: string): void;
  warning(message: string): void;
  /** Dismisses every toast, e.g. a failed-login toast once the next attempt succeeds. */
  clear(): void;
}

const NotifierContext = createContext<Notifier | null>(null);

function ToastText({ title, detail }: { title: string; detail?: string }): ReactNode {
  return (
    <div className="toast-text" data-testid="toast">
      <strong>{title}</strong>
      {detail ? <div>{detail}</div> : null}
    </div>
  );
}

export type ToasterProviderProps = { children: ReactNode };

/**
 * One Blueprint OverlayToaster rendered inside our own React tree (rather than OverlayToaster.create's
 * separate root), so toasts share the app's contexts and unmount with it.
 */
export function ToasterProvider({ children }: ToasterProviderProps): ReactNode {
  const toaster = useRef<OverlayToaster>(null);
  const notifier = useMemo<Notifier>(() => {
    const show = (props: ToastProps): void => {
      toaster.current?.show(props);
    };
    return {
      show,
      clear: () => toaster.current?.clear(),
      danger: (title, detail) =>
        show({
          intent: 'danger',
          icon: 'error',
          timeout: TOAST_MS.error,
          message: <ToastText title={title} detail={detail} />,
        }),
      success: (message) =>
        show({
          intent: 'success',
          icon: 'tick',
          timeout: TOAST_MS.success,
          message: <ToastText title={message} />,
        }),
      warning: (message) =>
        show({
          intent: 'warning',
          icon: 'warning-sign',
          timeout: TOAST_MS.error,
          message: <ToastText title={message} />,
        }),
    };
  }, []);
  return (
    <NotifierContext value={notifier}>
      {children}
      <OverlayToaster ref={toaster} position="top" maxToasts={4} />
    </NotifierContext>
  );
}

export function useNotifier(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotifier needs a ToasterProvider above it');
  return notifier;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useBridge } from '../../../bridge/bridge-context';
import {
  EXPORT_IDLE,
  runExport,
  type ExportProgress,
  type ExportQuery,
  type ExportState,
} from './run-export';

export type { ExportQuery, ExportState, ExportProgress } from './run-export';

export interface UseExportOptions {
  /** Called once per export with its final state (done, error, or idle after a cancelled dialog). */
  onFinish?: (progress: ExportProgress) => void;
}

export interface UseExportResult {
  start(query: ExportQuery): Promise<void>;
  state: ExportState;
  /** 'Dosyalar hazırlanıyor' while preparing, the failure alert on error (catalogue texts). */
  message: string | null;
  /** The reason behind a failure (server message), or where the desktop app saved the file. */
  detail: string | null;
}

/**
 * The list's Excel export (see docs/requirements.md#shell-lists-and-chat, #calls): start() sends the list's filters, sort and visible columns and
 * saves what the server wrote. A second start() while one runs is ignored.
 */
export function useExport(table: string, options: UseExportOptions = {}): UseExportResult {
  const bridge = useBridge();
  // Keyed by table: progress of an export started on another list is not shown on this one.
  const [progress, setProgress] = useState<ExportProgress & { table: string }>({ ...EXPORT_IDLE, table });
  const running = useRef(false);
  // The latest callback, without restarting anything when the caller passes a new function each render.
  const onFinish = useRef(options.onFinish);
  useEffect(() => {
    onFinish.current = options.onFinish;
  });

  const start = useCallback(
    async (query: ExportQuery): Promise<void> => {
      if (running.current) return;
      running.current = true;
      try {
        const final = await runExport(bridge, table, query, (next) => setProgress({ ...next, table }));
        onFinish.current?.(final);
      } finally {
        running.current = false;
      }
    },
    [bridge, table],
  );

  const current = progress.table === table ? progress : EXPORT_IDLE;
  return { start, state: current.state, message: current.message, detail: current.detail };
}

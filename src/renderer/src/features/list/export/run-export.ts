import type { CrmBridge } from '../../../../../shared/bridge';
import type { CallBody, FilterInput, SortInput } from '../../../../../shared/contract';
import { messages } from '../../../../../shared/i18n/messages';

export type ExportState = 'idle' | 'preparing' | 'saving' | 'done' | 'error';

/** What the list shows right now: its filters and sort, and the columns the user sees. */
export interface ExportQuery {
  filters: readonly FilterInput[];
  sort?: SortInput | undefined;
  fields?: readonly string[] | undefined;
}

export interface ExportProgress {
  state: ExportState;
  /** Catalogue text for the state: progress, the spec's failure alert, or the success note. */
  message: string | null;
  /** The server's or the bridge's own reason on failure, when it says more than the alert; or the saved path. */
  detail: string | null;
}

export const EXPORT_IDLE: ExportProgress = { state: 'idle', message: null, detail: null };

const failed = (reason: string | undefined): ExportProgress => ({
  state: 'error',
  // docs/requirements.md#messages-the-user-reads: every failure is announced with this alert; the reason goes underneath.
  message: messages.exportFailed,
  detail: reason && reason !== messages.exportFailed ? reason : null,
});

/**
 * One export, start to finish, independent of React: POST /export/{table} with the list's query, then
 * each answered file saved through the bridge (desktop: save dialog; web: browser download). `report`
 * hears every state change; the last one is also the answer. Cancelling the save dialog ends quietly.
 */
export async function runExport(
  bridge: Pick<CrmBridge, 'call' | 'files'>,
  table: string,
  query: ExportQuery,
  report: (progress: ExportProgress) => void = () => undefined,
): Promise<ExportProgress> {
  const finish = (progress: ExportProgress): ExportProgress => {
    report(progress);
    return progress;
  };
  report({ state: 'preparing', message: messages.preparingFiles, detail: null });

  // Form encoding sends what is there: leave out what the list does not have rather than sending ''.
  const body: NonNullable<CallBody<'exportTable'>> = { table, filters: [...query.filters] };
  if (query.sort) body.sort = query.sort;
  if (query.fields && query.fields.length > 0) body.fields = [...query.fields];

  let answer;
  try {
    answer = await bridge.call('exportTable', { params: { table }, body });
  } catch {
    return finish(failed(undefined));
  }
  if (!answer.ok) return finish(failed(answer.error.message));
  const files = answer.data.excelFiles;
  if (!answer.data.success || files.length === 0) return finish(failed(answer.data.msg));

  report({ state: 'saving', message: messages.exportSaving, detail: null });
  let savedPath: string | null = null;
  for (const file of files) {
    let saved;
    try {
      saved = await bridge.files.saveExport({ url: file.url, suggestedName: file.name });
    } catch {
      return finish(failed(undefined));
    }
    if (!saved.ok) return finish(saved.canceled ? EXPORT_IDLE : failed(saved.message));
    savedPath = saved.path ?? savedPath;
  }
  return finish({ state: 'done', message: messages.exportSaved, detail: savedPath });
}

import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { ImportReport } from '../../../../shared/contract/importer';
import { formatDateTimeTr } from '../../../../shared/domain/date-ranges';
import { format, messages } from '../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';
import { callCrm, useCrmQuery } from '../../api/use-crm-call';
import { isCrmError } from '../../api/crm-error';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { importerTexts } from '../../i18n/importer-texts';
import './importer.css';

/** /report/import: one row per import (excel_id, double, double_ids, total, created_at) with its duplicates export. */
export function ImportReportPage(): ReactNode {
  const bridge = useBridge();
  const notifier = useNotifier();
  const reports = useCrmQuery('importReports', {});
  const [busy, setBusy] = useState<number | null>(null);

  async function exportDoubles(report: ImportReport): Promise<void> {
    setBusy(report.id);
    try {
      const answer = await callCrm(bridge, 'exportDouble', {
        params: { table: report.table },
        body: { excelId: report.excel_id },
      });
      const file = answer.excelFiles[0];
      if (!answer.success || !file) {
        notifier.danger(answer.msg ?? messages.exportFailed);
        return;
      }
      const saved = await bridge.files.saveExport({ url: file.url, suggestedName: file.name });
      if (saved.ok) notifier.success(importerTexts.exportSaved);
      else if (!saved.canceled) notifier.danger(saved.message);
    } catch (error) {
      notifier.danger(messages.exportFailed, isCrmError(error) ? error.message : undefined);
    } finally {
      setBusy(null);
    }
  }

  if (reports.isPending) return <Spinner className="importer-spinner" />;
  if (reports.isError) return <NonIdealState icon="error" title={reports.error.message} />;
  const rows = reports.data.rows;
  return (
    <div className="page importer-page" data-testid="import-report-page">
      <h2 className="importer-title">{importerTexts.reportTitle}</h2>
      {rows.length === 0 ? (
        <NonIdealState icon="import" title={messages.importReportEmpty} />
      ) : (
        <HTMLTable compact striped bordered className="importer-report" data-testid="import-report">
          <thead>
            <tr>
              <th>{importerTexts.reportUploadId}</th>
              <th>{importerTexts.reportFile}</th>
              <th>{importerTexts.reportAgent}</th>
              <th>{importerTexts.reportTotal}</th>
              <th>{importerTexts.reportInserted}</th>
              <th>{importerTexts.reportDouble}</th>
              <th>{workflowMessages.importReportPolicy}</th>
              <th>{workflowMessages.importReportUpdated}</th>
              <th>{workflowMessages.importReportOwner}</th>
              <th>{importerTexts.reportState}</th>
              <th>{importerTexts.reportDate}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="import-report-row">
                <td className="importer-excel-id">{row.excel_id}</td>
                <td>{row.file_name}</td>
                <td>{row.agent_name ?? ''}</td>
                <td>{row.total}</td>
                <td>{row.inserted}</td>
                <td data-testid="import-report-double">{row.double}</td>
                <td data-testid="import-report-policy">
                  {workflowMessages.importPolicyLabels[row.duplicate_policy]}
                </td>
                <td data-testid="import-report-updated">{row.updated}</td>
                <td data-testid="import-report-owner">{row.owner_text ?? row.agent_name ?? ''}</td>
                <td>
                  {row.finished
                    ? importerTexts.reportDone
                    : format(importerTexts.reportPartial, { done: row.chunks_done, chunks: row.chunks })}
                </td>
                <td>{formatDateTimeTr(row.created_at)}</td>
                <td>
                  {row.double_ids.length > 0 ? (
                    <Button
                      small
                      icon="export"
                      text={importerTexts.exportDouble}
                      loading={busy === row.id}
                      onClick={() => void exportDoubles(row)}
                      data-testid="import-report-export"
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

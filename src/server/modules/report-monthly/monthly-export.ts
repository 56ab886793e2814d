import { writeFile } from 'node:fs/promises';
import { contract, fillPath, type CallResult, type MonthlyReportBody } from '../../../shared/contract';
import { canExport } from '../../../shared/domain/export';
import { messages } from '../../../shared/i18n/messages';
import { DomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import type { EngineUser } from '../../engine/types';
import { type ExportFileStore, exportFileName, xlsxBuffer } from '../export';
import { monthlySheet } from './monthly-sheet';
import type { MonthlyReportService } from './service';

export interface MonthlyExporter {
  /** POST /report/monthly/export: the report the screen shows, as an xlsx in the export file store. */
  write(user: EngineUser, input: MonthlyReportBody): Promise<CallResult<'reportMonthlyExport'>>;
}

/** Export needs what a list export of leads needs: department admin or the leads' excel_export flag. */
export function createMonthlyExporter(deps: {
  report: MonthlyReportService;
  leadScope: LeadScope;
  files: ExportFileStore;
}): MonthlyExporter {
  return {
    async write(user, input) {
      const leads = await deps.leadScope.access(user);
      if (!canExport(user.department, leads?.flags)) throw DomainError.forbidden(messages.forbidden);
      const report = await deps.report.report(user, input);
      const createdAt = new Date();
      const bytes = await xlsxBuffer(monthlySheet(report), createdAt);
      const { id, partPath } = await deps.files.reserve();
      try {
        await writeFile(partPath, bytes, { mode: 0o600 });
        const fileName = exportFileName(`aylik-rapor-${report.year}`, createdAt);
        await deps.files.commit(id, {
          userId: user.id,
          table: 'report_monthly',
          fileName,
          rows: report.months.length + 1,
          createdAt: createdAt.getTime(),
        });
        return {
          success: true,
          excelFiles: [{ name: fileName, url: fillPath(contract.exportFile.path, { name: id }).path }],
        };
      } catch (error) {
        await deps.files.discard(id);
        throw error;
      }
    },
  };
}

/** What other modules use of the report-monthly module; they import it from here, never from its files (docs/architecture.md#layers). */
export { monthlySheet } from './monthly-sheet';
export type { MonthlyReportService } from './service';

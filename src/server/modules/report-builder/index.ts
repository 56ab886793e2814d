/** What other modules use of the report-builder module; they import it from here, never from its files (docs/architecture.md#layers). */
export type { ReportBuilderService } from './service';

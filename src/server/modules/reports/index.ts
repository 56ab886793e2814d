/** What other modules use of the reports module; they import it from here, never from its files (docs/architecture.md#layers). */
export type { ReportsService } from './service';
export {
  LEAD_TOTALS,
  TOTALS_LEAD_COLUMNS,
  TOTALS_OWN_COLUMNS,
  TRANSACTION_TOTALS,
  leadTotalsScope,
  totalsScope,
} from './transaction-totals';

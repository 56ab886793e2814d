/** What other modules use of the dashboard module; they import it from here, never from its files (docs/architecture.md#layers). */
export { type DateRangeInput, toRange } from './service';

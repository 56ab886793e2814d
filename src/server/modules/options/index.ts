/** What other modules use of the options module; they import it from here, never from its files (docs/architecture.md#layers). */
export type { OptionsService } from './service';

/** What other modules use of the hooks module; they import it from here, never from its files (docs/architecture.md#layers). */
export { requireScreenFlag } from './screen-access';

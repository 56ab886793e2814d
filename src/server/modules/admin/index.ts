/** What other modules use of the admin module; they import it from here, never from its files (docs/architecture.md#layers). */
export { journalAdminChange } from './admin-journal';
export { requireAdmin } from './require-admin';

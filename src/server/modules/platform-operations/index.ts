/** What other modules use of the platform-operations module; they import it from here, never from its files (docs/architecture.md#layers). */
export { insertOperation, journalOperationStep, operationViews, queuedText } from './operation-records';

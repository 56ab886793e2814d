/**
 * Call attempts that survive a slow PBX (see docs/operations.md#outside-systems): a row is written as 'pending' before the PBX hears
 * of the call, so a late OriginateResponse always finds it; request_id is the client's id of one click,
 * so a repeated request replays that attempt instead of dialling again; outcome_message keeps the
 * Turkish outcome the agent was told, for the lead's call history.
 */
export const callAttemptsSchema: readonly string[] = [
  // PostgreSQL named the inline check of migration 002 <table>_<column>_check.
  `ALTER TABLE call_logs DROP CONSTRAINT IF EXISTS call_logs_status_check`,
  `ALTER TABLE call_logs ADD CONSTRAINT call_logs_status_check
    CHECK (status IN ('refused','failed','logged','queued','pending'))`,
  `ALTER TABLE call_logs ADD COLUMN request_id text`,
  `ALTER TABLE call_logs ADD COLUMN outcome_message text`,
  `CREATE UNIQUE INDEX call_logs_request_idx ON call_logs (user_id, request_id) WHERE request_id IS NOT NULL`,
];

/**
 * A customer's trading-platform accounts (see docs/requirements.md#lead-money-task-and-report-data "Lead platform"). The row is the CRM's record of the
 * account; balances, positions and deals live on the platform (MT5, or the built-in ledger). Money rows
 * name their lead customer_id, and the engine scopes them through it like any lead_id child.
 */
export const leadPlatformsSchema: readonly string[] = [
  `CREATE TABLE lead_platforms (
    id serial PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    login text NOT NULL,
    type text NOT NULL DEFAULT 'Real' CHECK (type IN ('Real','Demo')),
    whitelabel_id integer,
    agent_id integer REFERENCES users(id),
    created_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
  )`,
  `CREATE INDEX lead_platforms_customer_idx ON lead_platforms (customer_id, id)`,
  // One login names one account on one platform (whitelabel), whoever it belongs to.
  `CREATE UNIQUE INDEX lead_platforms_login_idx ON lead_platforms (coalesce(whitelabel_id, 0), login)`,
];

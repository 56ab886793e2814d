/**
 * Monthly counts of leads (see docs/user-guide.md#reports), as migration 022 keeps the transactions': per month of each of the
 * three dates the monthly report counts (created_at, customer_set_date, first_fund_date) and per the lead's
 * agent and team, as signed delta rows the transaction-totals job folds. A team-restricted agent's
 * monthly report counted the 175,000 leads its team created this year three times over (0.2-0.5 s); it
 * now adds up a few hundred rows. Statement-level triggers keep it exact in each write's transaction: an
 * import's chunk is one aggregate, a bulk reassignment one join. A lead's own row is locked by its write,
 * so no other lock is needed.
 */
const TOTALS = 'lead_month_totals';
const FIELDS = ['created_at', 'customer_set_date', 'first_fund_date'] as const;

/** The three dates of a lead `alias` as (field, at) rows: one pass over a relation counts all three. */
const dates = (alias: string): string => FIELDS.map((field) => `('${field}', ${alias}.${field})`).join(', ');

/** One signed delta row per (field, month, agent, team) of the leads in `relation`. */
const deltas = (relation: string, sign: '' | '-'): string => `
    SELECT f.field, date_trunc('month', f.at), l.agent_id, l.team_id, ${sign}count(*)
    FROM ${relation} l CROSS JOIN LATERAL (VALUES ${dates('l')}) AS f (field, at)
    WHERE f.at IS NOT NULL
    GROUP BY 1, 2, 3, 4`;

export const leadMonthTotalsSchema: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${TOTALS} (
    id bigserial PRIMARY KEY,
    field text NOT NULL,
    month timestamp NOT NULL,
    agent_id integer,
    team_id integer,
    n bigint NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS ${TOTALS}_field_idx ON ${TOTALS} (field, month)`,
  // The fold job picks the months written since its last run.
  `CREATE INDEX IF NOT EXISTS ${TOTALS}_month_idx ON ${TOTALS} (month)`,

  `CREATE OR REPLACE FUNCTION lead_totals_added() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ${TOTALS} (field, month, agent_id, team_id, n) ${deltas('new_leads', '')};
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION lead_totals_removed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ${TOTALS} (field, month, agent_id, team_id, n) ${deltas('old_leads', '-')};
    RETURN NULL;
  END $$`,
  // The statement's old and new rows are joined once; each changed lead gives its three dates as they
  // were (taken away) and as they are (added).
  `CREATE OR REPLACE FUNCTION lead_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ${TOTALS} (field, month, agent_id, team_id, n)
    SELECT f.field, date_trunc('month', f.at), f.agent_id, f.team_id, sum(f.sign)
    FROM old_leads o JOIN new_leads a ON a.id = o.id
    CROSS JOIN LATERAL (VALUES
      ${FIELDS.map((field) => `('${field}', o.${field}, o.agent_id, o.team_id, -1)`).join(',\n      ')},
      ${FIELDS.map((field) => `('${field}', a.${field}, a.agent_id, a.team_id, 1)`).join(',\n      ')}
    ) AS f (field, at, agent_id, team_id, sign)
    WHERE f.at IS NOT NULL
      AND (o.agent_id, o.team_id, o.created_at, o.customer_set_date, o.first_fund_date)
        IS DISTINCT FROM (a.agent_id, a.team_id, a.created_at, a.customer_set_date, a.first_fund_date)
    GROUP BY 1, 2, 3, 4
    HAVING sum(f.sign) <> 0;
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION lead_totals_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    TRUNCATE ${TOTALS};
    RETURN NULL;
  END $$`,

  `DROP TRIGGER IF EXISTS lead_totals_insert ON leads`,
  `CREATE TRIGGER lead_totals_insert AFTER INSERT ON leads
    REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_added()`,
  `DROP TRIGGER IF EXISTS lead_totals_delete ON leads`,
  `CREATE TRIGGER lead_totals_delete AFTER DELETE ON leads
    REFERENCING OLD TABLE AS old_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_removed()`,
  `DROP TRIGGER IF EXISTS lead_totals_update ON leads`,
  `CREATE TRIGGER lead_totals_update AFTER UPDATE ON leads
    REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
    FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_changed()`,
  `DROP TRIGGER IF EXISTS lead_totals_truncate ON leads`,
  `CREATE TRIGGER lead_totals_truncate AFTER TRUNCATE ON leads
    FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_cleared()`,

  // The leads already stored, once.
  `DELETE FROM ${TOTALS}`,
  `INSERT INTO ${TOTALS} (field, month, agent_id, team_id, n) ${deltas('leads', '')}`,
  `ANALYZE ${TOTALS}`,
];

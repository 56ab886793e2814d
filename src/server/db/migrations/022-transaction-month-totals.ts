/**
 * Monthly totals of transactions (see docs/user-guide.md#reports): count and exact sum per month, type, currency and status,
 * and per the lead's agent and team, the columns row restrictions on leads name. A report over a year
 * of 1,000,000 transactions reads a few thousand rows instead of aggregating (and, for a restricted
 * user, joining) every transaction: 0.5-2 s of PostgreSQL time each before.
 *
 * Triggers keep it exact in the write's own transaction, as deltas: a write appends rows (n and total
 * may be negative), so two approvals never wait on one totals row; the compaction job
 * (jobs/transaction-totals-job.ts) folds the deltas into one row per key. The invariant after every
 * statement: the rows of a key add up to the transactions of that key, with the lead's current agent
 * and team.
 * - transactions: statement-level triggers with transition tables (a bulk insert is one aggregate). They
 *   first lock the rows' leads FOR SHARE: a concurrent change of a lead's agent or team, or its delete,
 *   then waits for the write (or the write for it), so each side reads the other's committed state and a
 *   delta never lands on the agent a lead has just left. Writers lock the lead before the transaction
 *   row (transactions/workflow.ts, engine/record-store.ts), the order a lead's delete takes too.
 * - leads whose agent or team changes (one statement, however many): their transactions move from the
 *   old key to the new one, set-based.
 * - a lead is deleted: its transactions leave with its agent and team (BEFORE DELETE, the row is locked
 *   by then); the cascade that deletes them finds no lead and adds nothing.
 * - TRUNCATE of either table empties the totals (TRUNCATE, so a fold in progress cannot leave a row).
 */
const TOTALS = 'transaction_month_totals';
const KEY = 'month, type, currency_id, status_id, agent_id, team_id';

/** Locks the leads of the transactions in `relations` (transition tables), in id order. */
const lockLeads = (...relations: string[]): string => `
    PERFORM 1 FROM leads WHERE id IN (${relations.map((name) => `SELECT customer_id FROM ${name}`).join(' UNION ')})
    ORDER BY id FOR SHARE;`;

/** One signed delta row per key of the given transactions rows (`rows`, an alias over a relation). */
const deltas = (relation: string, sign: '' | '-'): string => `
    SELECT date_trunc('month', t.created_at), t.type, t.currency_id, t.status_id, l.agent_id, l.team_id,
      ${sign}count(*), ${sign}sum(t.amount)
    FROM ${relation} t JOIN leads l ON l.id = t.customer_id
    GROUP BY 1, 2, 3, 4, 5, 6`;

export const transactionMonthTotalsSchema: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${TOTALS} (
    id bigserial PRIMARY KEY,
    month timestamp NOT NULL,
    type text NOT NULL,
    currency_id integer NOT NULL,
    status_id integer NOT NULL,
    agent_id integer,
    team_id integer,
    n bigint NOT NULL,
    total numeric NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS ${TOTALS}_month_idx ON ${TOTALS} (month)`,

  `CREATE OR REPLACE FUNCTION transaction_totals_added() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN${lockLeads('added_rows')}
    INSERT INTO ${TOTALS} (${KEY}, n, total) ${deltas('added_rows', '')};
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION transaction_totals_removed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN${lockLeads('removed_rows')}
    INSERT INTO ${TOTALS} (${KEY}, n, total) ${deltas('removed_rows', '-')};
    RETURN NULL;
  END $$`,
  // Only rows whose key or amount changed move (an approval's dates and flags do not).
  `CREATE OR REPLACE FUNCTION transaction_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN${lockLeads('removed_rows', 'added_rows')}
    INSERT INTO ${TOTALS} (${KEY}, n, total)
    SELECT month, type, currency_id, status_id, agent_id, team_id, sum(n), sum(total) FROM (
      ${deltas(
        `(SELECT o.* FROM removed_rows o JOIN added_rows a ON a.id = o.id
          WHERE (o.customer_id, o.created_at, o.type, o.currency_id, o.status_id, o.amount)
            IS DISTINCT FROM (a.customer_id, a.created_at, a.type, a.currency_id, a.status_id, a.amount))`,
        '-',
      )}
      UNION ALL
      ${deltas(
        `(SELECT a.* FROM added_rows a JOIN removed_rows o ON o.id = a.id
          WHERE (o.customer_id, o.created_at, o.type, o.currency_id, o.status_id, o.amount)
            IS DISTINCT FROM (a.customer_id, a.created_at, a.type, a.currency_id, a.status_id, a.amount))`,
        '',
      )}
    ) AS moved (month, type, currency_id, status_id, agent_id, team_id, n, total)
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(n) <> 0 OR sum(total) <> 0;
    RETURN NULL;
  END $$`,
  // Statement-level: a bulk assignment of 390,000 leads is one join, not 390,000 trigger calls (a row
  // trigger took 100 µs a lead, past the statement timeout for a whole team).
  `CREATE OR REPLACE FUNCTION transaction_totals_leads_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ${TOTALS} (${KEY}, n, total)
    SELECT date_trunc('month', t.created_at), t.type, t.currency_id, t.status_id, k.agent_id, k.team_id,
      sum(k.sign), sum(k.sign * t.amount)
    FROM (
      SELECT o.id, o.agent_id, o.team_id, -1 AS sign FROM old_leads o JOIN new_leads a ON a.id = o.id
      WHERE (o.agent_id, o.team_id) IS DISTINCT FROM (a.agent_id, a.team_id)
      UNION ALL
      SELECT a.id, a.agent_id, a.team_id, 1 FROM new_leads a JOIN old_leads o ON o.id = a.id
      WHERE (o.agent_id, o.team_id) IS DISTINCT FROM (a.agent_id, a.team_id)
    ) AS k
    JOIN transactions t ON t.customer_id = k.id
    GROUP BY 1, 2, 3, 4, 5, 6;
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION transaction_totals_lead_gone() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ${TOTALS} (${KEY}, n, total)
    SELECT date_trunc('month', t.created_at), t.type, t.currency_id, t.status_id, OLD.agent_id, OLD.team_id,
      -count(*), -sum(t.amount)
    FROM transactions t WHERE t.customer_id = OLD.id
    GROUP BY 1, 2, 3, 4;
    RETURN OLD;
  END $$`,
  `CREATE OR REPLACE FUNCTION transaction_totals_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    TRUNCATE ${TOTALS};
    RETURN NULL;
  END $$`,

  `DROP TRIGGER IF EXISTS transaction_totals_insert ON transactions`,
  `CREATE TRIGGER transaction_totals_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_added()`,
  `DROP TRIGGER IF EXISTS transaction_totals_delete ON transactions`,
  `CREATE TRIGGER transaction_totals_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_removed()`,
  `DROP TRIGGER IF EXISTS transaction_totals_update ON transactions`,
  `CREATE TRIGGER transaction_totals_update AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_changed()`,
  `DROP TRIGGER IF EXISTS transaction_totals_truncate ON transactions`,
  `CREATE TRIGGER transaction_totals_truncate AFTER TRUNCATE ON transactions
    FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_cleared()`,
  `DROP TRIGGER IF EXISTS transaction_totals_leads_moved ON leads`,
  `CREATE TRIGGER transaction_totals_leads_moved AFTER UPDATE ON leads
    REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
    FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_leads_moved()`,
  `DROP TRIGGER IF EXISTS transaction_totals_lead_gone ON leads`,
  `CREATE TRIGGER transaction_totals_lead_gone BEFORE DELETE ON leads FOR EACH ROW
    EXECUTE FUNCTION transaction_totals_lead_gone()`,
  `DROP TRIGGER IF EXISTS transaction_totals_lead_truncate ON leads`,
  `CREATE TRIGGER transaction_totals_lead_truncate AFTER TRUNCATE ON leads
    FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_cleared()`,

  // The transactions already stored, once.
  `DELETE FROM ${TOTALS}`,
  `INSERT INTO ${TOTALS} (${KEY}, n, total) ${deltas('transactions', '')}`,
  `ANALYZE ${TOTALS}`,
];

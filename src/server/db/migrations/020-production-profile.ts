/**
 * PostgreSQL production profile (see docs/operations.md#security): indexes the hot paths' plans asked for (tests/server/
 * query-plans.test.ts explains every one), and the name order in Turkish alphabetical order.
 */
export const productionProfileSchema: readonly string[] = [
  // Lists sorted by name order by name COLLATE "tr-x-icu" where the server has ICU's Turkish collation
  // (engine/text-collation.ts picks the same name, tr-x-icu before tr-TR-x-icu). Without this index a
  // page of 15 names sorts every lead in scope. Servers without ICU (and PGlite) sort by the folded
  // name (engine/text-collation.ts), which gets the index instead.
  `DO $$
  DECLARE turkish text;
  BEGIN
    SELECT collname INTO turkish FROM pg_collation WHERE collname IN ('tr-x-icu', 'tr-TR-x-icu')
      ORDER BY collname = 'tr-x-icu' DESC LIMIT 1;
    IF turkish IS NOT NULL THEN
      EXECUTE format('CREATE INDEX IF NOT EXISTS leads_name_turkish_idx ON leads (name COLLATE %I, id)', turkish);
    ELSE
      CREATE INDEX IF NOT EXISTS leads_name_folded_idx ON leads (name_folded, id);
    END IF;
  END $$`,
  // The agent report's conversions (customer_set_date in the range) and the first-fund chart
  // (first_fund_date in the range): only customers carry these dates, so the indexes stay small, and a
  // month's range reads that month's customers instead of every lead.
  `CREATE INDEX IF NOT EXISTS leads_customer_set_date_idx ON leads (customer_set_date)
    WHERE customer_set_date IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS leads_first_fund_date_idx ON leads (first_fund_date)
    WHERE first_fund_date IS NOT NULL`,
  // The UTM report without a date range (its first view) counts every lead in scope per group key
  // (report-keys.ts UTM_KEYS) and status: an index-only scan of a team's range (or of this narrow index
  // for the whole table) instead of reading every wide lead row.
  `CREATE INDEX IF NOT EXISTS leads_team_report_idx ON leads (team_id)
    INCLUDE (status_id, utm_source, utm_campaign, country_id, agent_id)`,
];

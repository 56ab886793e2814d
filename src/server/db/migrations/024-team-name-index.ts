/**
 * A team's leads by status and date, carrying the folded name and the id (see docs/operations.md#security, 10,000,000 leads).
 * Sales agents see their team's leads (`team_id = {user.team_id}`) and filter by status and a name. The
 * trigram index alone finds every lead with the name in the whole table (566,000 "yılmaz"s at 10M) and
 * ANDs it with the status and team indexes into a bitmap too large for work_mem: the capped count took
 * 1.1-1.5 s. Pinned to the team (and status), this index is read alone, in order, testing the name in
 * the index entry (an index-only scan): 18 ms for the same 10,001 matches, and the Ctrl+K search finds
 * its candidates the same way.
 *
 * Whether to walk that index or ask the trigram index depends on how many names match, and with the
 * default statistics PostgreSQL guessed 1,900 leads for "şahin" where 28,756 matched: it chose the trigram
 * bitmap (100-200 ms) over the walk (36 ms). With a statistics target of 1,000 it estimates 11,000, enough to
 * choose right both ways; ANALYZE samples 300,000 rows instead of 30,000 (10 s at 1,000,000 leads).
 */
export const teamNameIndexSchema: readonly string[] = [
  `CREATE INDEX IF NOT EXISTS leads_team_status_created_name_idx
    ON leads (team_id, status_id, created_at) INCLUDE (name_folded, id)`,
  `ALTER TABLE leads ALTER COLUMN name_folded SET STATISTICS 1000`,
  `ANALYZE leads`,
];

/**
 * A team's leads by status and date, carrying the folded name and the id (issue #18, 10,000,000 leads).
 * Sales agents see their team's leads (`team_id = {user.team_id}`) and filter by status and a name. The
 * trigram index alone finds every lead with the name in the whole table (566,000 "yılmaz"s at 10M) and
 * ANDs it with the status and team indexes into a bitmap too large for work_mem: the capped count took
 * 1.1-1.5 s. Pinned to the team (and status), this index is read alone, in order, testing the name in
 * the index entry (an index-only scan): 18 ms for the same 10,001 matches, and the Ctrl+K search finds
 * its candidates the same way.
 */
export const teamNameIndexSchema: readonly string[] = [
  `CREATE INDEX IF NOT EXISTS leads_team_status_created_name_idx
    ON leads (team_id, status_id, created_at) INCLUDE (name_folded, id)`,
];

/**
 * The job runner's bookkeeping (see docs/architecture.md#server-modules-and-the-engine): one row per job, shared by every server node. last_started_at
 * says when the job last ran anywhere (so the nodes together run it once per interval, and a node that
 * starts after downtime sees what it missed), last_success_at when a run last finished without error (a
 * missed daily run is caught up once), and lease_owner/lease_until which node is running it now; a node
 * that dies mid-run leaves a lease that simply runs out. timestamptz: intervals are elapsed time, whatever
 * the clocks of the session's zone do.
 */
export const jobRunsSchema: readonly string[] = [
  `CREATE TABLE job_runs (
    name text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_started_at timestamptz,
    last_success_at timestamptz,
    last_error text,
    lease_owner text,
    lease_until timestamptz
  )`,
];

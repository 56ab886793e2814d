/** Every day at this wall-clock time ('HH:mm') of the database session's zone (CRM_TIME_ZONE). */
export interface DailySchedule {
  dayAt: string;
}

/** How often a job runs: every so many milliseconds, or once a day at a fixed time. */
export type JobSchedule = number | DailySchedule;

/** The part of the server's logger (pino, app.log) the runner writes to. */
export interface JobLog {
  debug(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface JobContext {
  /** Aborted when the runner stops: a long run ends between two pieces of work, never in the middle. */
  signal: AbortSignal;
  log: JobLog;
}

export interface Job {
  /** Unique per runner and the same on every node: the lock and the job_runs row are keyed by it. */
  name: string;
  every: JobSchedule;
  /** What it resolves to is logged (debug) with the run's duration. */
  run(context: JobContext): Promise<unknown>;
}

/** What one tick of a job did. */
export type JobTickOutcome =
  /** ran and finished without error */
  | 'ran'
  /** ran and threw (logged at warn), or its bookkeeping failed */
  | 'failed'
  /** ran recently enough (here or on another node) */
  | 'not-due'
  /** another tick holds it: on this node, or the lock or lease of another node */
  | 'busy'
  /** the runner is stopping */
  | 'stopped';

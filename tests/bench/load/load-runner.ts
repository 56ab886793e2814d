import { Agent, request } from 'undici';
import type { Request } from '../scenarios/lead-detail';
import { nextStep, type CallKind, type LoadPools, type Random } from './load-mix';
import type { LoadUser } from './load-users';

export interface KindFigures {
  kind: CallKind;
  steps: number;
  errors: number;
  /** Up to three distinct error texts, for the report's notes. */
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
}

export interface PhaseResult {
  users: number;
  durationMs: number;
  /** Completed steps per second over the phase. */
  stepsPerSecond: number;
  figures: KindFigures[];
  startedAt: number;
  endedAt: number;
}

export interface PhaseOptions {
  url: string;
  users: readonly LoadUser[];
  pools: LoadPools;
  durationMs: number;
  /** Mean pause between two steps of an agent, and of a manager (reports are read, not refreshed). */
  agentThinkMs: number;
  managerThinkMs: number;
  random: Random;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The q-quantile of sorted samples (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/**
 * Runs every user as its own loop for `durationMs`: a step (one screen's calls, sent together), then a
 * pause of 0.5-1.5 times the mean. The first steps are spread over one mean pause, as staff do not all
 * click at the same instant. Latency is the screen's: until its last answer has been read.
 */
export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: null });
  const samples = new Map<CallKind, number[]>();
  const errors = new Map<CallKind, { count: number; texts: Set<string> }>();
  const startedAt = performance.now();
  const end = startedAt + options.durationMs;

  const send = async (token: string, item: Request): Promise<string | null> => {
    try {
      const response = await request(`${options.url}${item.url}`, {
        method: 'POST',
        dispatcher,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: item.payload,
      });
      const text = await response.body.text();
      return response.statusCode === 200 ? null : `${response.statusCode} ${item.url}: ${text.slice(0, 160)}`;
    } catch (error) {
      return `${item.url}: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  const think = (role: LoadUser['role']): number =>
    (role === 'agent' ? options.agentThinkMs : options.managerThinkMs) * (0.5 + options.random());

  const loop = async (user: LoadUser): Promise<void> => {
    // Staggered starts, never past the phase's end (a long think time would otherwise hold the run).
    await sleep(Math.min(think(user.role) * options.random(), Math.max(0, end - performance.now())));
    while (performance.now() < end) {
      const step = nextStep(user, options.pools, options.random);
      if (step) {
        const t0 = performance.now();
        const failures = (await Promise.all(step.requests.map((item) => send(user.token, item)))).filter(
          (failure): failure is string => failure !== null,
        );
        const took = performance.now() - t0;
        if (failures.length === 0) {
          const list = samples.get(step.kind) ?? [];
          list.push(took);
          samples.set(step.kind, list);
        } else {
          const entry = errors.get(step.kind) ?? { count: 0, texts: new Set<string>() };
          entry.count += 1;
          for (const failure of failures) if (entry.texts.size < 3) entry.texts.add(failure);
          errors.set(step.kind, entry);
        }
      }
      const pause = Math.min(think(user.role), Math.max(0, end - performance.now()));
      await sleep(pause);
    }
  };

  await Promise.all(options.users.map(loop));
  const endedAt = performance.now();
  await dispatcher.close();

  const kinds = new Set<CallKind>([...samples.keys(), ...errors.keys()]);
  const figures = [...kinds].map((kind): KindFigures => {
    const sorted = [...(samples.get(kind) ?? [])].sort((a, b) => a - b);
    const failed = errors.get(kind);
    return {
      kind,
      steps: sorted.length + (failed?.count ?? 0),
      errors: failed?.count ?? 0,
      errorSamples: [...(failed?.texts ?? [])],
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
    };
  });
  const steps = figures.reduce((sum, item) => sum + item.steps, 0);
  return {
    users: options.users.length,
    durationMs: endedAt - startedAt,
    stepsPerSecond: steps / ((endedAt - startedAt) / 1000),
    figures,
    startedAt,
    endedAt,
  };
}

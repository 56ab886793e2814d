/** Latency summary of one scenario, in milliseconds. */
export interface Summary {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { runs: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

/**
 * Runs `subject` and `baseline` alternately so both see the same cache and machine load; the first
 * `warmup` rounds are not counted.
 */
export async function measurePair(
  subject: () => Promise<void>,
  baseline: () => Promise<void>,
  rounds: number,
  warmup = 10,
): Promise<{ subject: Summary; baseline: Summary }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds + warmup; i += 1) {
    const t0 = performance.now();
    await subject();
    const t1 = performance.now();
    await baseline();
    const t2 = performance.now();
    if (i >= warmup) {
      a.push(t1 - t0);
      b.push(t2 - t1);
    }
  }
  return { subject: summarize(a), baseline: summarize(b) };
}

export async function measure(run: () => Promise<void>, rounds: number, warmup = 5): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < rounds + warmup; i += 1) {
    const t0 = performance.now();
    await run();
    if (i >= warmup) samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

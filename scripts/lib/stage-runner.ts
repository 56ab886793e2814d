import { spawn, type SpawnOptions } from 'node:child_process';
import type { PlannedStage } from './test-plan';

export type StageOutcome = 'passed' | 'failed' | 'skipped';

export interface StageResult {
  name: string;
  outcome: StageOutcome;
  /** null: the stage could not run here. */
  seconds: number | null;
  note?: string;
}

export interface CommandResult {
  code: number;
  /** stdout and stderr, when the command ran with its output captured. */
  output?: string;
}

/** Runs one command, its output on the terminal or captured; resolves with its exit code. */
export type RunCommand = (
  args: readonly string[],
  env: Record<string, string>,
  capture: boolean,
) => Promise<CommandResult>;

/**
 * `npm run <script> -- <args>` through the npm that runs this file (npm_execpath), so the scripts get
 * the same npm and PATH (node_modules/.bin, with the project's Node) as `npm test` itself.
 */
export function npmRunner(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): RunCommand {
  const npmCli = env.npm_execpath;
  return (args, extraEnv, capture) =>
    new Promise((resolve) => {
      const options: SpawnOptions = {
        stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: { ...env, ...extraEnv },
      };
      const child =
        npmCli && /\.[cm]?js$/.test(npmCli)
          ? spawn(process.execPath, [npmCli, ...args], options)
          : spawn('npm', args, { ...options, shell: platform === 'win32' });
      const chunks: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
      const output = (): string | undefined => (capture ? Buffer.concat(chunks).toString('utf8') : undefined);
      child.once('error', (error) => resolve({ code: 127, output: `${output() ?? ''}${error.message}\n` }));
      child.once('close', (code) => resolve({ code: code ?? 1, output: output() }));
    });
}

function npmArgs(stage: Extract<PlannedStage, { kind: 'run' }>): string[] {
  return stage.args.length > 0 ? ['run', stage.script, '--', ...stage.args] : ['run', stage.script];
}

type RunStage = Extract<PlannedStage, { kind: 'run' }>;

/**
 * Runs every stage, also after one failed, so one run shows every suite's state. Consecutive stages of
 * one `group` run side by side (the machine has two cores); their output is held back and printed whole,
 * stage by stage, so it never interleaves.
 */
export async function runStages(
  stages: readonly PlannedStage[],
  runCommand: RunCommand,
  print: (line: string) => void,
  now: () => number = Date.now,
): Promise<StageResult[]> {
  const results: StageResult[] = [];
  const header = (index: number): string =>
    `\n=== [${index + 1}/${stages.length}] ${stages[index]?.name} ===`;
  const result = (stage: RunStage, code: number, seconds: number): StageResult => ({
    name: stage.name,
    outcome: code === 0 ? 'passed' : 'failed',
    seconds,
    note: code === 0 ? undefined : `exit code ${code}`,
  });
  let index = 0;
  while (index < stages.length) {
    const stage = stages[index] as PlannedStage;
    if (stage.kind === 'unavailable') {
      print(header(index));
      print(`${stage.required ? 'FAILED' : 'skipped'}: ${stage.reason}`);
      results.push({
        name: stage.name,
        outcome: stage.required ? 'failed' : 'skipped',
        seconds: null,
        note: stage.reason,
      });
      index += 1;
      continue;
    }
    const batch: RunStage[] = [stage];
    for (let next = stages[index + 1]; ; next = stages[index + batch.length]) {
      if (!stage.group || next?.kind !== 'run' || next.group !== stage.group) break;
      batch.push(next);
    }
    const started = now();
    if (batch.length === 1) {
      print(header(index));
      const { code } = await runCommand(npmArgs(stage), stage.env, false);
      results.push(result(stage, code, Math.round((now() - started) / 1000)));
    } else {
      print(`\n=== ${batch.map((s) => s.name).join(' and ')}: side by side, output below when each ends ===`);
      const runs = await Promise.all(
        batch.map(async (s) => {
          const run = await runCommand(npmArgs(s), s.env, true);
          return { ...run, seconds: Math.round((now() - started) / 1000) };
        }),
      );
      runs.forEach((run, offset) => {
        print(header(index + offset));
        if (run.output) print(run.output.trimEnd());
        results.push(result(batch[offset] as RunStage, run.code, run.seconds));
      });
    }
    index += batch.length;
  }
  return results;
}

function duration(seconds: number): string {
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

/** The closing lines: one per stage, then the counts as 'Stages: N passed, N failed, N skipped'. */
export function summarize(results: readonly StageResult[], wallSeconds: number): string[] {
  const count = (outcome: StageOutcome): number => results.filter((r) => r.outcome === outcome).length;
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map((r) => {
    const label = r.outcome === 'failed' ? 'FAILED ' : r.outcome === 'passed' ? 'passed ' : 'skipped';
    const time = r.seconds === null ? '' : duration(r.seconds);
    return `  ${label}  ${r.name.padEnd(width)}  ${[time, r.note].filter(Boolean).join(', ')}`.trimEnd();
  });
  // Wall time, not the sum: stages of a group overlap.
  return [
    '',
    `Test summary (${duration(wallSeconds)}):`,
    ...lines,
    `Stages: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
  ];
}

import { describePostgres, probePostgres, probeRedis, safeUrl } from './lib/service-probe';
import { npmRunner, runStages, summarize } from './lib/stage-runner';
import { isCi, planTestStages, type ServiceProbe } from './lib/test-plan';

// `npm test`: every suite in order, each run even after another failed, then one summary; exit 1 on
// any failure. Run through npm, so node_modules/.bin (and the project's Node) lead PATH.
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const describe = (name: string, probe: ServiceProbe): string =>
  'url' in probe ? `${name}: ${safeUrl(probe.url)} answers` : `${name}: ${probe.missing}`;

const started = Date.now();
const ci = isCi(process.env);
const [postgres, redis] = await Promise.all([probePostgres(process.env), probeRedis(process.env)]);
print(`Node ${process.version}${ci ? ', CI' : ''}`);
print(describePostgres(postgres));
print(describe('Redis', redis));

const results = await runStages(
  planTestStages({ postgres, redis }, ci),
  npmRunner(process.env, process.platform),
  print,
);
for (const line of summarize(results, Math.round((Date.now() - started) / 1000))) print(line);
process.exit(results.some((result) => result.outcome === 'failed') ? 1 : 0);

import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from '../e2e/support/fixtures';
import { login } from '../e2e/support/screens';

/**
 * An agent's shift (docs/security.md#shift-soak): SOAK_STEPS screen changes (default 2,000) through
 * lists, lead details, notes, search, reminders and chat, as sales@demo.crm. Every SAMPLE_EVERY steps the
 * renderer's JS heap is measured after a garbage collection, with its event listeners, DOM nodes and the
 * page's socket connections. It holds when the last heap is within 20 % of the one after the first
 * sample, no step took over a second, and listeners and sockets did not grow. Figures go to
 * tests/soak/results/shift-soak.json and the console.
 */

const STEPS = Number(process.env.SOAK_STEPS ?? 2000);
const SAMPLE_EVERY = Number(process.env.SOAK_SAMPLE_EVERY ?? 200);
const STEP_LIMIT_MS = 1000;

test.use({ baseURL: baseUrl() });

interface Sample {
  step: number;
  heapMb: number;
  listeners: number;
  nodes: number;
  sockets: number;
}

type Action = { name: string; run: (page: Page, step: number) => Promise<void> };

const leadIds: number[] = [];

const actions: Action[] = [
  {
    name: 'leads list',
    run: async (page, step) => {
      await page.goto(`/#/list/leads?page=${1 + (step % 5)}`);
      await page.getByTestId('list-total').waitFor();
      if (leadIds.length === 0) {
        const checks = await page
          .locator('[data-testid^="row-check-"]')
          .evaluateAll((rows) =>
            rows.map((row) => Number(row.getAttribute('data-testid')?.replace('row-check-', ''))),
          );
        leadIds.push(...checks.filter((id) => Number.isSafeInteger(id) && id > 0));
      }
    },
  },
  {
    name: 'lead detail',
    run: async (page, step) => {
      await page.goto(`/#/leadDetail/${leadIds[step % Math.max(1, leadIds.length)] ?? 1}`);
      await page.getByTestId('lead-header').waitFor();
    },
  },
  {
    name: 'note',
    run: async (page, step) => {
      await page.getByTestId('note-body').fill(`Vardiya notu ${step}: müşteri tekrar aranacak.`);
      await page.getByTestId('note-submit').click();
      await page.getByText('Not başarıyla kaydedildi').first().waitFor();
    },
  },
  {
    name: 'customers list',
    run: async (page) => {
      await page.goto('/#/list/customers');
      await page.getByTestId('list-total').waitFor();
    },
  },
  {
    name: 'search',
    run: async (page) => {
      await page.keyboard.press('Control+k');
      await page.getByTestId('search-input').fill('yılmaz');
      await page.getByTestId('search-result').or(page.getByTestId('search-empty')).first().waitFor();
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'reminders',
    run: async (page) => {
      await page.goto('/#/');
      await page.getByTestId('app-shell').waitFor();
    },
  },
  {
    name: 'chat',
    run: async (page) => {
      await page.goto('/#/chat');
      await page.getByTestId('chat-add-channel').waitFor();
    },
  },
];

test('an agent’s shift: the heap, listeners and sockets stay flat and every step answers within a second', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Network.enable');
  let sockets = 0;
  cdp.on('Network.webSocketCreated', () => {
    sockets += 1;
  });
  cdp.on('Network.webSocketClosed', () => {
    sockets -= 1;
  });

  const sample = async (step: number): Promise<Sample> => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string): number => metrics.find((item) => item.name === name)?.value ?? 0;
    return {
      step,
      heapMb: Math.round((usedSize / 1024 / 1024) * 10) / 10,
      listeners: metric('JSEventListeners'),
      nodes: metric('Nodes'),
      sockets,
    };
  };

  await login(page, 'sales@demo.crm');
  const samples: Sample[] = [];
  const durations: { name: string; ms: number }[] = [];
  for (let step = 1; step <= STEPS; step += 1) {
    const action = actions[(step - 1) % actions.length] as Action;
    const started = performance.now();
    await action.run(page, step);
    durations.push({ name: action.name, ms: performance.now() - started });
    if (step % SAMPLE_EVERY === 0) samples.push(await sample(step));
  }

  const slowest = [...durations].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const sorted = durations.map((item) => item.ms).sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const report = {
    steps: STEPS,
    sampleEvery: SAMPLE_EVERY,
    samples,
    p95StepMs: Math.round(p95),
    slowest: slowest.map((item) => ({ name: item.name, ms: Math.round(item.ms) })),
  };
  const folder = fileURLToPath(new URL('./results', import.meta.url));
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}/shift-soak.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));

  const first = samples[0];
  const last = samples.at(-1);
  expect(first && last).toBeTruthy();
  if (!first || !last) return;
  expect(last.heapMb).toBeLessThanOrEqual(first.heapMb * 1.2);
  expect(last.listeners).toBeLessThanOrEqual(first.listeners * 1.2);
  expect(last.sockets).toBeLessThanOrEqual(Math.max(1, first.sockets));
  expect(slowest[0]?.ms ?? 0).toBeLessThanOrEqual(STEP_LIMIT_MS);
});

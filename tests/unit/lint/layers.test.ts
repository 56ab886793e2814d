import { beforeAll, describe, it, vi } from 'vitest';
import { snippetLinter } from './lint-snippets';

// Loading the config and the TypeScript parser takes seconds on a busy machine; each lint after it is quick.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const LAYERS = 'crm/layers';
const ENTRY = 'crm/feature-entry';
const { warmUp, expectRefused, expectAllowed } = snippetLinter([LAYERS, ENTRY]);

beforeAll(warmUp);

describe('server layers: kernel, db < engine < modules < http, realtime, jobs < routes < composition', () => {
  it('refuses the engine importing a module', async () => {
    await expectRefused(
      'src/server/engine/bad.ts',
      "export { hashToken } from '../modules/auth/service';",
      LAYERS,
      "layer 'modules', which layer 'engine' may not import",
    );
  });

  it('refuses a module reaching into another module past its index.ts', async () => {
    await expectRefused(
      'src/server/modules/tasks/bad.ts',
      "export { xlsxBuffer } from '../export/xlsx-buffer';",
      ENTRY,
      "'../export'",
    );
    await expectAllowed('src/server/modules/tasks/good.ts', "export { xlsxBuffer } from '../export';");
  });

  it('refuses modules importing http, realtime, jobs or the composition root', async () => {
    const file = 'src/server/modules/tasks/service-bad.ts';
    await expectRefused(file, "export { parseInput } from '../../http/validation';", LAYERS, "layer 'http'");
    await expectRefused(
      file,
      "export { createRealtime } from '../../realtime/realtime';",
      LAYERS,
      "'realtime'",
    );
    await expectRefused(file, "export { createJobRunner } from '../../jobs/job-runner';", LAYERS, "'jobs'");
    await expectRefused(file, "export type { Services } from '../../services';", LAYERS, "'services'");
  });

  it("lets a module's routes bind calls with http and take their services, never from compose.ts", async () => {
    const file = 'src/server/modules/tasks/routes.ts';
    await expectAllowed(
      file,
      "export { registerCall } from '../../http/register-call';\nexport type { Services } from '../../services';",
    );
    await expectRefused(
      file,
      "export type { Services } from '../../compose';",
      LAYERS,
      "layer 'composition'",
    );
  });

  it('keeps http and realtime apart', async () => {
    await expectRefused(
      'src/server/realtime/bad.ts',
      "export { bearerToken } from '../http/register-call';",
      LAYERS,
      "layer 'http', which layer 'realtime'",
    );
    await expectRefused(
      'src/server/http/bad.ts',
      "export { attachSocketServer } from '../realtime/socket-server';",
      LAYERS,
      "layer 'realtime', which layer 'http'",
    );
    await expectAllowed('src/server/realtime/good.ts', "export { bearerToken } from '../kernel/session';");
  });

  it('keeps adapters to the kernel and db, and db and the kernel to themselves', async () => {
    await expectRefused(
      'src/server/adapters/mail/bad.ts',
      "export { createTasksService } from '../../modules/tasks/service';",
      LAYERS,
      "layer 'modules', which layer 'adapters'",
    );
    await expectRefused('src/server/db/bad.ts', "export * from '../engine/registry';", LAYERS, "'engine'");
    await expectRefused('src/server/kernel/bad.ts', "export * from '../db/schema';", LAYERS, "'db'");
  });

  it('resolves the @server alias like a path', async () => {
    await expectRefused(
      'src/server/engine/bad.ts',
      "export * from '@server/modules/auth';",
      LAYERS,
      "'modules'",
    );
  });
});

describe('renderer layers: bridge, api < ui < components < routing < shell < features < app', () => {
  it('refuses ui importing a feature, the api or the CRM components', async () => {
    const file = 'src/renderer/src/ui/Bad.tsx';
    await expectRefused(file, "export { listFeature } from '../features/list';", LAYERS, "layer 'features'");
    await expectRefused(file, "export { useCrmCall } from '../api/use-crm-call';", LAYERS, "layer 'api'");
    await expectRefused(file, "export * from '../components/field-editors';", LAYERS, "layer 'components'");
  });

  it('refuses a feature importing app/ and the shell importing a feature', async () => {
    await expectRefused(
      'src/renderer/src/features/list/Bad.tsx',
      "export { FEATURES } from '../../app/features';",
      LAYERS,
      "layer 'app', which layer 'features'",
    );
    await expectRefused(
      'src/renderer/src/shell/Bad.tsx',
      "export { profileFeature } from '../features/profile';",
      LAYERS,
      "layer 'features', which layer 'shell'",
    );
  });

  it('keeps the route registry free of features and app/', async () => {
    const file = 'src/renderer/src/routing/bad.ts';
    await expectRefused(file, "export { listFeature } from '../features/list';", LAYERS, "'features'");
    await expectRefused(file, "export { FEATURES } from '../app/features';", LAYERS, "'app'");
  });

  it('lets app/ import features, a feature the registry and the shell', async () => {
    await expectAllowed('src/renderer/src/app/good.ts', "export { listFeature } from '../features/list';");
    await expectAllowed(
      'src/renderer/src/features/list/Good.tsx',
      [
        "export { lazyScreen } from '../../routing/lazy-screen';",
        "export { TopBarSlot } from '../../shell/top-bar/top-bar-slot';",
        "export { FullPageStatus } from '../../ui/FullPageStatus';",
        "export { listFeature } from '@renderer/features/list';",
      ].join('\n'),
    );
  });

  it('refuses the bridge importing the api', async () => {
    await expectRefused(
      'src/renderer/src/bridge/bad.ts',
      "export { crmKeys } from '../api/query-keys';",
      LAYERS,
      "layer 'api', which layer 'bridge'",
    );
  });
});

describe('shared: i18n < domain < contract', () => {
  it('refuses i18n importing the domain, and the domain the contract', async () => {
    await expectRefused(
      'src/shared/i18n/bad.ts',
      "export type { Department } from '../domain/constants';",
      LAYERS,
      "layer 'domain', which layer 'i18n'",
    );
    await expectRefused(
      'src/shared/domain/bad.ts',
      "export { contract } from '../contract';",
      LAYERS,
      "'contract'",
    );
    await expectAllowed('src/shared/domain/good.ts', "export { messages } from '../i18n/messages';");
  });
});

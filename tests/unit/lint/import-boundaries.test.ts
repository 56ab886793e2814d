import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The project's real eslint.config.js, run on small snippets placed at virtual paths of the tree.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const BOUNDARY_RULES = new Set(['crm/import-boundaries', 'crm/feature-entry']);

// Loading the config and the TypeScript parser takes seconds on a busy machine; each lint after it is quick.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  await eslint.lintText('export {};', { filePath: `${repoRoot}/src/shared/warm-up.ts` });
});

type Finding = { rule: string; message: string; severity: number };

/** The boundary findings for `code` placed at `file` (other rules' findings are not the point here). */
async function boundaryFindings(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${file}` });
  if (result === undefined) throw new Error(`no lint result for ${file}`);
  return result.messages
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => ({ rule: message.ruleId ?? '', message: message.message, severity: message.severity }));
}

async function expectRefused(file: string, code: string, rule: string, mentions: string): Promise<void> {
  const findings = await boundaryFindings(file, code);
  expect(findings).toHaveLength(1);
  // Severity 2 is an error: `npm run lint` (eslint .) exits non-zero on it.
  expect(findings[0]).toMatchObject({ rule, severity: 2 });
  expect(findings[0]?.message).toContain(mentions);
}

async function expectAllowed(file: string, code: string): Promise<void> {
  expect(await boundaryFindings(file, code)).toEqual([]);
}

describe('src/shared imports no runtime', () => {
  const file = 'src/shared/domain/bad.ts';

  it('refuses the main process, the server, the renderer and the preload', async () => {
    await expectRefused(
      file,
      "export { createTray } from '../../main/tray-model';",
      'crm/import-boundaries',
      'src/shared',
    );
    await expectRefused(
      file,
      "import { buildServer } from '../../server/app';\nexport const a = buildServer;",
      'crm/import-boundaries',
      '../../server/app',
    );
    await expectRefused(
      file,
      "export * from '../../renderer/src/app/router';",
      'crm/import-boundaries',
      'src/shared',
    );
    await expectRefused(
      file,
      "export * from '../../preload/create-bridge';",
      'crm/import-boundaries',
      'src/shared',
    );
  });

  it('refuses electron, Node built-ins (with or without node:) and React', async () => {
    await expectRefused(
      file,
      "import { app } from 'electron';\nexport const a = app;",
      'crm/import-boundaries',
      "'electron'",
    );
    await expectRefused(
      file,
      "import { readFile } from 'node:fs/promises';\nexport const r = readFile;",
      'crm/import-boundaries',
      'node:fs/promises',
    );
    await expectRefused(
      file,
      "import path from 'path';\nexport const p = path;",
      'crm/import-boundaries',
      "'path'",
    );
    await expectRefused(
      file,
      "import { useState } from 'react';\nexport const u = useState;",
      'crm/import-boundaries',
      "'react'",
    );
  });

  it('allows its own files and plain packages', async () => {
    await expectAllowed(file, "export { contract } from '../contract';\nexport { z } from 'zod';");
  });
});

describe('src/renderer imports only itself and src/shared', () => {
  const file = 'src/renderer/src/features/x/Bad.tsx';

  it('refuses the server, however it is imported', async () => {
    await expectRefused(
      file,
      "export { buildServer } from '../../../../server/app';",
      'crm/import-boundaries',
      'src/renderer/src and src/shared',
    );
    await expectRefused(
      file,
      "import type { FastifyInstance } from '../../../../server/app';\nexport type F = FastifyInstance;",
      'crm/import-boundaries',
      '../../../../server/app',
    );
    await expectRefused(
      file,
      "export const load = () => import('../../../../server/app');",
      'crm/import-boundaries',
      '../../../../server/app',
    );
  });

  it('refuses the main process, the preload, files outside src and electron', async () => {
    await expectRefused(
      file,
      "export * from '../../../../main/settings';",
      'crm/import-boundaries',
      '../../../../main/settings',
    );
    await expectRefused(
      file,
      "export * from '../../../../preload/create-bridge';",
      'crm/import-boundaries',
      'preload',
    );
    await expectRefused(
      file,
      "import pkg from '../../../../../package.json';\nexport const v = pkg;",
      'crm/import-boundaries',
      'package.json',
    );
    await expectRefused(
      file,
      "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;",
      'crm/import-boundaries',
      "'electron'",
    );
    await expectRefused(
      file,
      "import { readFileSync } from 'fs';\nexport const r = readFileSync;",
      'crm/import-boundaries',
      "'fs'",
    );
  });

  it('allows src/shared, its own folders and browser packages', async () => {
    await expectAllowed(
      file,
      [
        "export { contract } from '../../../../shared/contract';",
        "export { uiTexts } from '../../i18n/ui-texts';",
        "export { Button } from '@blueprintjs/core';",
      ].join('\n'),
    );
  });
});

describe('src/main never imports src/server', () => {
  const file = 'src/main/some-logic.ts';

  it('refuses the server statically and as a lazy import', async () => {
    await expectRefused(
      file,
      "export { buildServer } from '../server/app';",
      'crm/import-boundaries',
      'src/server',
    );
    await expectRefused(
      file,
      "export const start = () => import('../server/start-server');",
      'crm/import-boundaries',
      'src/server',
    );
  });

  it('refuses the server in the thin Electron files too', async () => {
    await expectRefused(
      'src/main/index.ts',
      "export { buildServer } from '../server/app';",
      'crm/import-boundaries',
      'src/server',
    );
  });

  it('allows src/shared, its own files and bundled assets', async () => {
    await expectAllowed(
      file,
      [
        "export { messages } from '../shared/i18n/messages';",
        "export { createTray } from './tray-model';",
        "import icon from '../../resources/tray-icon.png?asset';",
        'export const trayIcon = icon;',
      ].join('\n'),
    );
  });
});

describe('only the named thin files import electron', () => {
  const electronImport = "import { app } from 'electron';\nexport const a = app;";

  it('refuses electron in logic files of main and preload, and in the server', async () => {
    // the report names the files that may
    await expectRefused(
      'src/main/tray-model.ts',
      electronImport,
      'crm/import-boundaries',
      'only src/main/index.ts, src/main/electron-adapters.ts',
    );
    await expectRefused(
      'src/main/session-manager.ts',
      "import type { App } from 'electron';\nexport type A = App;",
      'crm/import-boundaries',
      "'electron'",
    );
    await expectRefused(
      'src/main/load-keytar.ts',
      "export const e = require('electron');",
      'crm/import-boundaries',
      "'electron'",
    );
    await expectRefused(
      'src/preload/create-bridge.ts',
      electronImport,
      'crm/import-boundaries',
      "'electron'",
    );
    await expectRefused('src/server/services/bad.ts', electronImport, 'crm/import-boundaries', "'electron'");
  });

  it('allows it in the thin files', async () => {
    for (const file of [
      'src/main/index.ts',
      'src/main/electron-adapters.ts',
      'src/main/window-options.ts',
      'src/preload/index.ts',
    ])
      await expectAllowed(file, electronImport);
  });
});

describe('a renderer feature imports another feature only through its index.ts', () => {
  const file = 'src/renderer/src/features/lead-detail/notes/Bad.tsx';

  it("refuses another feature's files, naming the entry to use", async () => {
    await expectRefused(
      file,
      "export { insertFailureText } from '../../list/modals/record-form';",
      'crm/feature-entry',
      "'../../list'",
    );
    await expectRefused(
      file,
      "export { RecordFields } from '../../record-edit/RecordFields';",
      'crm/feature-entry',
      "feature 'record-edit'",
    );
    await expectRefused(
      file,
      "export const load = () => import('../../list/ListRoute');",
      'crm/feature-entry',
      '../../list/ListRoute',
    );
  });

  it("allows another feature's index and the feature's own files", async () => {
    await expectAllowed(
      file,
      [
        "export { insertFailureText } from '../../list';",
        "export { RecordFields } from '../../record-edit/index';",
        "export { PageNotFound } from '../../not-found/index.ts';",
        "export { NotesPanel } from '../NotesPanel';",
        "export { LeadTabs } from '../tabs/LeadTabs';",
      ].join('\n'),
    );
  });

  it('leaves the app router free to load screens lazily', async () => {
    await expectAllowed(
      'src/renderer/src/app/router.tsx',
      "export const load = () => import('../features/list/ListRoute');",
    );
  });
});

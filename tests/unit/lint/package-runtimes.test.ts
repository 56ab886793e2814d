import { beforeAll, describe, expect, it, vi } from 'vitest';
import { unsortedDependencies } from '../../../lint/package-runtimes.js';
import { snippetLinter } from './lint-snippets';

// Loading the config and the TypeScript parser takes seconds on a busy machine; each lint after it is quick.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const RULE = 'crm/package-runtimes';
const { warmUp, expectRefused, expectAllowed } = snippetLinter([RULE]);

beforeAll(warmUp);

describe('an npm package is imported only by the runtimes it is sorted into', () => {
  it('refuses the database packages in a renderer feature', async () => {
    const file = 'src/renderer/src/features/list/Bad.tsx';
    await expectRefused(
      file,
      "import pg from 'pg';\nexport const p = pg;",
      RULE,
      "'pg' may be imported by server only",
    );
    await expectRefused(file, "export { sql } from 'kysely';", RULE, "'kysely'");
    await expectRefused(file, "export type { Kysely } from 'kysely';", RULE, 'not by renderer code');
  });

  it('refuses a server package in src/shared/domain', async () => {
    await expectRefused(
      'src/shared/domain/bad.ts',
      "import { hash } from 'argon2';\nexport const h = hash;",
      RULE,
      "'argon2' may be imported by server only, not by shared code",
    );
  });

  it('refuses React in the server and the electron helpers in the renderer', async () => {
    await expectRefused(
      'src/server/modules/tasks/bad.ts',
      "export { useState } from 'react';",
      RULE,
      "'react'",
    );
    await expectRefused(
      'src/renderer/src/ui/Bad.tsx',
      "export { default } from 'electron-store';",
      RULE,
      'main',
    );
  });

  it('refuses a package sorted into no runtime, in any file, tests included', async () => {
    for (const file of ['src/server/app.ts', 'src/renderer/src/ui/Bad.tsx', 'tests/unit/bad.test.ts'])
      await expectRefused(
        file,
        "export { pad } from 'left-pad';",
        RULE,
        "'left-pad' is not sorted into any runtime",
      );
    await expectRefused(
      'src/shared/domain/bad.ts',
      "export * from '@acme/widgets/sub';",
      RULE,
      "'@acme/widgets'",
    );
  });

  it('allows each runtime its own packages, subpaths, built-ins and the path aliases', async () => {
    await expectAllowed(
      'src/server/modules/tasks/good.ts',
      "export { sql } from 'kysely';\nexport { readFile } from 'node:fs/promises';\nexport { z } from 'zod';",
    );
    await expectAllowed(
      'src/renderer/src/features/list/Good.tsx',
      "export { jsx } from 'react/jsx-runtime';\nexport { Button } from '@blueprintjs/core';\nexport { contract } from '@shared/contract';",
    );
    await expectAllowed(
      'src/shared/domain/good.ts',
      "export { z } from 'zod';\nexport { default } from 'dayjs';",
    );
    await expectAllowed(
      'tests/server/good.test.ts',
      "export { sql } from 'kysely';\nexport { it } from 'vitest';",
    );
  });
});

describe('every package.json dependency is sorted', () => {
  it('names the dependencies the table leaves out, from every list', () => {
    const manifest = {
      dependencies: { zod: '1', 'left-pad': '1' },
      devDependencies: { vitest: '1' },
      optionalDependencies: { keytar: '1', 'is-odd': '1' },
    };
    expect(
      unsortedDependencies(manifest, { zod: ['shared'], vitest: ['tooling'], keytar: ['main'] }),
    ).toEqual(['is-odd', 'left-pad']);
  });
});

import { copyFileSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { utils, write } from 'xlsx';
import {
  createImportFilePicker,
  createThreadParser,
  type ParseImportFileAt,
  type ShowOpenDialog,
} from '../../../src/main/import-file-pick';
import { createBridge } from '../../../src/preload/create-bridge';
import { DEFAULT_IMPORT_LIMITS } from '../../../src/shared/domain/import-limits';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { createLogSpy } from './fakes';
import { createRemoteMainServices, trustedSender } from './main-services-fixture';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/importer/${name}`, import.meta.url));

const folder = mkdtempSync(join(tmpdir(), 'crm-import-pick-'));
let parseInThread: ParseImportFileAt;

/** The worker entry built as electron-vite builds it for the app: one ES module run by plain Node. */
beforeAll(async () => {
  const entry = join(folder, 'import-parse-worker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../../src/main/import-parse-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: entry,
    // xlsx is CommonJS; the banner gives its bundled require() what an ES module lacks (under a name
    // of its own: fflate's ES module imports createRequire itself).
    banner: {
      js: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  parseInThread = createThreadParser(entry);
}, 60_000);

/** The OS dialog answered as a person would: this file, or closed without a choice. */
function dialogChoosing(path: string | null): {
  show: ShowOpenDialog;
  asked: Parameters<ShowOpenDialog>[0][];
} {
  const asked: Parameters<ShowOpenDialog>[0][] = [];
  return {
    asked,
    show: async (options) => {
      asked.push(options);
      return path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] };
    },
  };
}

function picker(path: string | null, maxBytes = 200 * 1024 * 1024, log = createLogSpy().log) {
  const dialog = dialogChoosing(path);
  return {
    dialog,
    picker: createImportFilePicker({ showOpenDialog: dialog.show, maxBytes, parse: parseInThread, log }),
  };
}

describe('the importer file in the desktop main process', () => {
  it('parses a LibreOffice xlsx in a worker thread: Turkish header and cells, dates day first', async () => {
    const { dialog, picker: pick } = picker(fixture('leads-tr-libreoffice.xlsx'));
    const outcome = await pick.pickImportFile({ maxBytes: 10 * 1024 * 1024 });
    expect(dialog.asked[0]?.filters).toEqual([{ name: 'CSV / Excel', extensions: ['csv', 'xlsx', 'txt'] }]);
    expect(dialog.asked[0]?.properties).toEqual(['openFile']);
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
    expect(outcome.name).toBe('leads-tr-libreoffice.xlsx');
    expect(outcome.size).toBe(5247);
    expect(outcome.file.kind).toBe('xlsx');
    expect(outcome.file.headers.slice(0, 3)).toEqual(['Ad Soyad', 'Telefon', 'Doğum Tarihi']);
    expect(outcome.file.rows).toHaveLength(4);
    expect(outcome.file.rows.flat().join(' ')).toContain('Şükrü Çağlayan');
    expect(outcome.file.rows[0]?.[2]).toMatch(/^\d{2}\/\d{2}\/\d{2,4}$/);
  });

  it("reads Turkish Excel's Windows-1254 CSV with a quoted line break", async () => {
    const outcome = await picker(fixture('leads-1254.csv')).picker.pickImportFile({ maxBytes: 1024 * 1024 });
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
    expect(outcome.file).toMatchObject({ kind: 'csv', encoding: 'windows-1254', separator: ';' });
    expect(outcome.file.headers).toEqual(['Ad Soyad', 'Telefon', 'Adres']);
    expect(outcome.file.rows[0]?.[0]).toBe('Şükrü Çağlayan');
    expect(outcome.file.rows[0]?.[2]).toContain('Kadıköy');
    expect(outcome.file.rows[1]?.[0]).toBe('Işıl Öğüt');
  });

  it('reads a UTF-8 CSV with a BOM', async () => {
    const outcome = await picker(fixture('leads-utf8-bom.csv')).picker.pickImportFile({ maxBytes: 1024 });
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
    expect(outcome.file.headers[0]).not.toMatch(/^\uFEFF/);
    expect(outcome.file.rows.length).toBeGreaterThan(0);
  });

  it('answers a closed dialog as canceled, without reading anything', async () => {
    let parsed = 0;
    const pick = createImportFilePicker({
      showOpenDialog: dialogChoosing(null).show,
      maxBytes: 1024,
      parse: async () => {
        parsed += 1;
        return { ok: false, problem: 'invalidFile' };
      },
    });
    expect(await pick.pickImportFile({ maxBytes: 1024 })).toEqual({ ok: false, canceled: true });
    expect(parsed).toBe(0);
  });

  it('refuses by name, emptiness and size before the file is parsed', async () => {
    let parsed = 0;
    const counting: ParseImportFileAt = async (...args) => {
      parsed += 1;
      return parseInThread(...args);
    };
    const at = (name: string, content: string | Buffer): string => {
      const path = join(folder, name);
      writeFileSync(path, content);
      return path;
    };
    const refusedWith = async (path: string, serverMax: number, machineMax = 1024 * 1024) =>
      createImportFilePicker({
        showOpenDialog: dialogChoosing(path).show,
        maxBytes: machineMax,
        parse: counting,
      }).pickImportFile({ maxBytes: serverMax });

    expect(await refusedWith(at('kampanya.pdf', '%PDF-1.4'), 1024)).toEqual({
      ok: false,
      canceled: false,
      problem: 'invalidFile',
    });
    expect(await refusedWith(at('bos.csv', ''), 1024)).toMatchObject({ problem: 'emptyWorksheet' });
    const big = at('buyuk.csv', `Ad;Telefon\n${'Ayşe;05321112233\n'.repeat(200)}`);
    // The server's limit and this machine's IMPORT_MAX_BYTES: the smaller one holds.
    expect(await refusedWith(big, 1024)).toMatchObject({ problem: 'tooLarge' });
    expect(await refusedWith(big, 1024 * 1024, 1024)).toMatchObject({ problem: 'tooLarge' });
    const folderPath = join(folder, 'klasor.csv');
    mkdirSync(folderPath, { recursive: true });
    expect(await refusedWith(folderPath, 1024)).toMatchObject({ problem: 'invalidFile' });
    expect(parsed).toBe(0);
    expect(await refusedWith(big, 1024 * 1024)).toMatchObject({ ok: true });
    expect(parsed).toBe(1);
  });

  it('answers the reason of a hostile file from the worker thread: junk, a fake xlsx, a wide sheet', async () => {
    const junk = join(folder, 'veri.csv');
    writeFileSync(junk, Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x41, 0x42]));
    const fake = join(folder, 'sahte.xlsx');
    writeFileSync(fake, 'bu bir çalışma kitabı değil');
    const wide = join(folder, 'genis.csv');
    writeFileSync(
      wide,
      `${Array.from({ length: 150 }, (_, i) => `S${i}`).join(';')}\n${'x;'.repeat(149)}x\n`,
    );
    const answers = [];
    for (const path of [junk, fake, wide]) {
      answers.push(await picker(path).picker.pickImportFile({ maxBytes: 1024 * 1024 }));
    }
    expect(
      answers.map((answer) => (answer.ok ? 'ok' : 'problem' in answer ? answer.problem : 'canceled')),
    ).toEqual(['binary', 'invalidFile', 'tooManyColumns']);
  });

  it(
    'refuses shared strings past their limit in the worker thread, before the library parses them',
    { timeout: 60_000 },
    async () => {
      const book = utils.book_new();
      const rows = Array.from({ length: 30_000 }, (_, i) => [`Ad Soyad ${i * 7919}`, `Not ${i}`]);
      utils.book_append_sheet(book, utils.aoa_to_sheet([['Ad', 'Not'], ...rows]), 'Sayfa1');
      const path = join(folder, 'metinler.xlsx');
      writeFileSync(
        path,
        new Uint8Array(write(book, { type: 'array', bookType: 'xlsx', bookSST: true }) as ArrayBuffer),
      );
      const limits = { ...DEFAULT_IMPORT_LIMITS, maxSharedStringsBytes: 512 * 1024 };
      expect(await parseInThread(path, 'metinler.xlsx', limits)).toEqual({
        ok: false,
        problem: 'partTooLarge',
      });
      expect((await parseInThread(path, 'metinler.xlsx', DEFAULT_IMPORT_LIMITS)).ok).toBe(true);
    },
  );

  it("never answers the file's path to the renderer", async () => {
    const copy = join(folder, 'kopya.xlsx');
    copyFileSync(fixture('leads-tr-libreoffice.xlsx'), copy);
    const outcome = await picker(copy).picker.pickImportFile({ maxBytes: 1024 * 1024 });
    expect(JSON.stringify(outcome)).not.toContain(folder);
  });

  it('is reached through the IPC router on its own channel, with the payload checked', async () => {
    const services = createRemoteMainServices(async () => new Response('{}'), {
      showOpenDialog: dialogChoosing(fixture('leads-tr.csv')).show,
      parseImportFile: parseInThread,
      importMaxBytes: 1024 * 1024,
    });
    try {
      const sender = trustedSender('#/excel/leads');
      const outcome = (await services.router.handle(
        IPC_CHANNELS.pickImportFile,
        { maxBytes: 4096 },
        sender,
      )) as {
        ok: boolean;
        name?: string;
      };
      expect(outcome).toMatchObject({ ok: true, name: 'leads-tr.csv' });
      await expect(
        services.router.handle(IPC_CHANNELS.pickImportFile, { maxBytes: -1 }, sender),
      ).rejects.toThrow('Invalid payload');
      await expect(
        services.router.handle(IPC_CHANNELS.pickImportFile, { maxBytes: 4096, path: '/etc/passwd' }, sender),
      ).rejects.toThrow('Invalid payload');
    } finally {
      services.dispose();
    }
  });

  it('refuses to pick where no dialog can be shown', async () => {
    const services = createRemoteMainServices(async () => new Response('{}'));
    try {
      expect(
        await services.router.handle(IPC_CHANNELS.pickImportFile, { maxBytes: 4096 }, trustedSender('#/')),
      ).toEqual({ ok: false, canceled: false, problem: 'noFile' });
    } finally {
      services.dispose();
    }
  });
});

describe('the preload side of picking an import file', () => {
  it('sends only the size limit on its own channel and hands the answer back as it came', async () => {
    const sent: { channel: string; payload: unknown }[] = [];
    const bridge = createBridge({
      invoke: async (channel, payload) => {
        sent.push({ channel, payload });
        return { ok: false, canceled: true };
      },
      on: () => () => undefined,
    });
    const input = { maxBytes: 2048, path: '/etc/passwd' } as { maxBytes: number };
    expect(await bridge.desktop?.pickImportFile(input)).toEqual({ ok: false, canceled: true });
    expect(sent).toEqual([{ channel: IPC_CHANNELS.pickImportFile, payload: { maxBytes: 2048 } }]);
  });
});

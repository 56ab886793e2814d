import { describe, expect, it } from 'vitest';
import type { CrmBridge, SaveExportInput, SaveExportOutcome } from '../../../src/shared/bridge';
import type { CallOutcome } from '../../../src/shared/contract';
import { messages } from '../../../src/shared/i18n/messages';
import { runExport, type ExportProgress } from '../../../src/renderer/src/features/list/export/run-export';
import { createTestWebBridge } from './web-bridge-fixture';

type ExportOutcome = CallOutcome<{
  success: boolean;
  excelFiles: { name: string; url: string }[];
  msg?: string;
}>;

function fakeBridge(answer: ExportOutcome, save: (input: SaveExportInput) => SaveExportOutcome) {
  const calls: unknown[] = [];
  const saves: SaveExportInput[] = [];
  const bridge = {
    call: async (name: string, input: unknown) => {
      calls.push({ name, input });
      return answer;
    },
    files: {
      saveExport: async (input: SaveExportInput) => {
        saves.push(input);
        return save(input);
      },
    },
  } as unknown as Pick<CrmBridge, 'call' | 'files'>;
  return { bridge, calls, saves };
}

const FILE = { name: 'leads-20250301-1430.xlsx', url: '/export/file/abc' };

describe('runExport', () => {
  it('sends the list query, shows the spec progress texts and saves every file', async () => {
    const { bridge, calls, saves } = fakeBridge(
      { ok: true, data: { success: true, excelFiles: [FILE] } },
      () => ({ ok: true, path: '/home/a/leads.xlsx' }),
    );
    const seen: ExportProgress[] = [];
    const final = await runExport(
      bridge,
      'leads',
      {
        filters: [{ name: 'status_id', type: 1, value: '3' }],
        sort: { name: 'name', type: 'asc' },
        fields: ['id', 'name'],
      },
      (progress) => seen.push(progress),
    );
    expect(calls).toEqual([
      {
        name: 'exportTable',
        input: {
          params: { table: 'leads' },
          body: {
            table: 'leads',
            filters: [{ name: 'status_id', type: 1, value: '3' }],
            sort: { name: 'name', type: 'asc' },
            fields: ['id', 'name'],
          },
        },
      },
    ]);
    expect(saves).toEqual([{ url: FILE.url, suggestedName: FILE.name }]);
    expect(seen.map((p) => [p.state, p.message])).toEqual([
      ['preparing', 'Dosyalar hazırlanıyor'],
      ['saving', messages.exportSaving],
      ['done', messages.exportSaved],
    ]);
    expect(final.detail).toBe('/home/a/leads.xlsx');
  });

  it("alerts 'Dosya oluşturulamadı veya dosya yok.' when there is nothing, with the server's reason", async () => {
    const nothing = fakeBridge(
      { ok: true, data: { success: false, excelFiles: [], msg: messages.exportFailed } },
      () => ({
        ok: true,
      }),
    );
    expect(await runExport(nothing.bridge, 'leads', { filters: [] })).toEqual({
      state: 'error',
      message: 'Dosya oluşturulamadı veya dosya yok.',
      detail: null,
    });
    expect(nothing.saves).toEqual([]);

    const forbidden = fakeBridge(
      { ok: false, error: { kind: 'forbidden', status: 403, message: messages.forbidden } },
      () => ({ ok: true }),
    );
    expect(await runExport(forbidden.bridge, 'leads', { filters: [] })).toEqual({
      state: 'error',
      message: messages.exportFailed,
      detail: messages.forbidden,
    });
  });

  it('ends quietly when the save dialog is cancelled, and reports a failed save', async () => {
    const canceled = fakeBridge({ ok: true, data: { success: true, excelFiles: [FILE] } }, () => ({
      ok: false,
      canceled: true,
      message: messages.exportCanceled,
    }));
    expect((await runExport(canceled.bridge, 'leads', { filters: [] })).state).toBe('idle');

    const failed = fakeBridge({ ok: true, data: { success: true, excelFiles: [FILE] } }, () => ({
      ok: false,
      message: messages.exportSaveFailed,
    }));
    expect(await runExport(failed.bridge, 'leads', { filters: [] })).toEqual({
      state: 'error',
      message: messages.exportFailed,
      detail: messages.exportSaveFailed,
    });
  });
});

describe('web bridge files.saveExport', () => {
  function setup(respond: (url: string, init: RequestInit) => Response) {
    const downloads: { size: number; name: string }[] = [];
    const { bridge, requests } = createTestWebBridge(respond, {
      download: (file, name) => downloads.push({ size: file.size, name }),
    });
    return { bridge, requests, downloads };
  }

  it('fetches the file with the token and hands it to the browser as a download', async () => {
    const { bridge, requests, downloads } = setup(() => new Response(new Uint8Array([80, 75, 3, 4])));
    expect(await bridge.files.saveExport({ url: FILE.url, suggestedName: FILE.name })).toEqual({ ok: true });
    expect(requests[0]?.url).toBe('https://crm.firma.com/api/export/file/abc');
    expect(new Headers(requests[0]?.init.headers).get('authorization')).toBe('Bearer tok-web');
    expect(requests[0]?.init.redirect).toBe('error');
    expect(downloads).toEqual([{ size: 4, name: FILE.name }]);
  });

  it('never sends the token off the API base', async () => {
    const { bridge, requests } = setup(() => new Response('x'));
    for (const url of ['https://evil.example/api/export/file/abc', '/../x', '//evil.example/x']) {
      expect(await bridge.files.saveExport({ url, suggestedName: 'x' })).toEqual({
        ok: false,
        message: messages.invalidRequest,
      });
    }
    expect(requests).toEqual([]);
  });

  it("reports the server's message, and a 401 ends the session", async () => {
    const notFound = setup(
      () =>
        new Response(JSON.stringify({ success: false, msg: messages.exportFileNotFound }), { status: 404 }),
    );
    expect(await notFound.bridge.files.saveExport({ url: FILE.url, suggestedName: 'x' })).toEqual({
      ok: false,
      message: messages.exportFileNotFound,
    });
    expect(notFound.downloads).toEqual([]);

    const expired = setup(() => new Response('{}', { status: 401 }));
    const events: unknown[] = [];
    expired.bridge.on('sessionExpired', (payload) => events.push(payload));
    expect(await expired.bridge.files.saveExport({ url: FILE.url, suggestedName: 'x' })).toEqual({
      ok: false,
      message: messages.sessionExpired,
    });
    expect(events).toHaveLength(1);
    expect((await expired.bridge.session.status()).authenticated).toBe(false);
  });
});

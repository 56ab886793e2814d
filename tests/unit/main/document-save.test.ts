import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDocumentSaver } from '../../../src/main/document-save';
import type { SaveDialogOptions } from '../../../src/main/export-download';
import { messages } from '../../../src/shared/i18n/messages';

const pdf = Buffer.from('%PDF-1.3\n% Şükrü\n%%EOF\n');

describe('saving an offer PDF from the main process', () => {
  it('asks where with the dialog (the safe name, PDF filter) and writes the bytes there', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'crm-doc-'));
    const asked: SaveDialogOptions[] = [];
    const saver = createDocumentSaver({
      showSaveDialog: async (options) => {
        asked.push(options);
        return { canceled: false, filePath: join(folder, 'Şükrü Öztürk.pdf') };
      },
      defaultDirectory: () => '/home/ayse/İndirilenler',
    });
    const outcome = await saver.saveDocument({
      suggestedName: 'Şükrü/Öztürk',
      base64: pdf.toString('base64'),
    });
    expect(outcome).toEqual({ ok: true, path: join(folder, 'Şükrü Öztürk.pdf') });
    expect(asked[0]?.defaultPath).toBe('/home/ayse/İndirilenler/Şükrü_Öztürk.pdf');
    expect(asked[0]?.filters).toEqual([{ name: 'PDF', extensions: ['pdf'] }]);
    expect(await readFile(join(folder, 'Şükrü Öztürk.pdf'))).toEqual(pdf);
    expect(await readdir(folder)).toEqual(['Şükrü Öztürk.pdf']);
  });

  it('refuses bytes that are not a PDF before any dialog, and reports a cancel', async () => {
    let dialogs = 0;
    const saver = createDocumentSaver({
      showSaveDialog: async () => {
        dialogs += 1;
        return { canceled: true };
      },
    });
    const exe = Buffer.from('MZ\x90\x00\x03').toString('base64');
    expect(await saver.saveDocument({ suggestedName: 'x', base64: exe })).toEqual({
      ok: false,
      message: messages.invalidRequest,
    });
    expect(dialogs).toBe(0);
    expect(await saver.saveDocument({ suggestedName: 'x', base64: pdf.toString('base64') })).toEqual({
      ok: false,
      canceled: true,
      message: messages.exportCanceled,
    });
  });

  it('is refused where no window can show a dialog', async () => {
    const saver = createDocumentSaver({ showSaveDialog: null });
    expect(await saver.saveDocument({ suggestedName: 'x', base64: pdf.toString('base64') })).toEqual({
      ok: false,
      message: messages.exportUnavailable,
    });
  });
});

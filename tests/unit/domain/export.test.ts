import { describe, expect, it } from 'vitest';
import { resolveExportUrl } from '../../../src/shared/contract';
import { canExport, safeExportFileName } from '../../../src/shared/domain/export';

describe('canExport (see docs/requirements.md#departments-and-permissions)', () => {
  it('lets department admin export, and others only with the excel_export flag', () => {
    expect(canExport('admin', { excel_export: 0 })).toBe(true);
    expect(canExport('admin', undefined)).toBe(true);
    expect(canExport('sales', { excel_export: 1 })).toBe(true);
    expect(canExport('sales', { excel_export: 0 })).toBe(false);
    expect(canExport('finance', null)).toBe(false);
    expect(canExport(undefined, { excel_export: 0 })).toBe(false);
  });
});

describe('safeExportFileName', () => {
  it('keeps a good name and makes anything else one safe .xlsx name', () => {
    expect(safeExportFileName('leads-20250301-1430.xlsx')).toBe('leads-20250301-1430.xlsx');
    expect(safeExportFileName('Müşteriler Mart')).toBe('Müşteriler Mart.xlsx');
    expect(safeExportFileName('../../x')).toBe('_.._x.xlsx');
    expect(safeExportFileName('a:b*c?"d"<e>|f\u0000')).toBe('a_b_c_d_e_f_.xlsx');
    expect(safeExportFileName('CON')).toBe('_CON.xlsx');
    expect(safeExportFileName('...')).toBe('export.xlsx');
    expect(safeExportFileName('x'.repeat(300))).toHaveLength(155);
  });
});

describe('resolveExportUrl', () => {
  const base = 'https://crm.firma.com/api';
  it('resolves paths on the API base and accepts absolute URLs on it', () => {
    expect(resolveExportUrl(base, '/export/file/abc')).toBe('https://crm.firma.com/api/export/file/abc');
    expect(resolveExportUrl(`${base}/`, 'export/file/abc')).toBe('https://crm.firma.com/api/export/file/abc');
    expect(resolveExportUrl(base, 'https://crm.firma.com/api/export/file/abc#x')).toBe(
      'https://crm.firma.com/api/export/file/abc',
    );
    expect(resolveExportUrl('http://127.0.0.1:8080', '/export/file/abc')).toBe(
      'http://127.0.0.1:8080/export/file/abc',
    );
  });

  it('refuses everything off the API base', () => {
    for (const url of [
      'https://evil.example/api/export/file/abc',
      'http://crm.firma.com/api/export/file/abc',
      'https://crm.firma.com:8443/api/export/file/abc',
      'https://crm.firma.com/apix/export',
      'https://crm.firma.com/other',
      'https://crm.firma.com/api',
      'https://a:b@crm.firma.com/api/export/file/abc',
      '/../admin',
      '/%2e%2e/admin',
      '//evil.example/api/x',
      '\\\\evil\\x',
      'javascript:alert(1)',
      'data:text/html,x',
      '',
    ]) {
      expect(resolveExportUrl(base, url), url).toBeNull();
    }
    expect(resolveExportUrl('not a url', '/export/file/abc')).toBeNull();
    expect(resolveExportUrl('file:///api', '/export/file/abc')).toBeNull();
  });
});

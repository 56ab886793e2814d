import { describe, expect, it } from 'vitest';
import {
  checkCallInput,
  contract,
  exportFileInput,
  matchPath,
  multipartBody,
  openCall,
  sendCall,
  type FetchLike,
} from '../../../src/shared/contract';
import { uploadFilePart } from '../../../src/shared/contract/files';
import { messages } from '../../../src/shared/i18n/messages';

const API = 'https://crm.firma.com/api';

function recorded(respond: () => Response): { fetch: FetchLike; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (url) => {
      urls.push(url);
      return respond();
    },
  };
}

const client = (fetch: FetchLike) => ({ baseUrl: API, fetch, getToken: () => 'tok' });

describe('paths and download links', () => {
  it('reads the params of a path of the template, decoded, and nothing else', () => {
    expect(matchPath('/file/{id}', '/file/7')).toEqual({ id: '7' });
    expect(matchPath('/export/file/{name}', '/export/file/a%20b')).toEqual({ name: 'a b' });
    expect(matchPath('/file/{id}', '/file/7/x')).toBeNull();
    expect(matchPath('/file/{id}', '/files/7')).toBeNull();
    expect(matchPath('/file/{id}', '/file/%zz')).toBeNull();
  });

  it('turns a file of excelFiles into the exportFile call only when it is a download on the API base', () => {
    expect(exportFileInput(API, '/export/file/abc')).toEqual({ params: { name: 'abc' } });
    expect(exportFileInput(API, `${API}/export/file/abc`)).toEqual({ params: { name: 'abc' } });
    // On the API base but not a download: the token goes with contract calls only.
    expect(exportFileInput(API, '/auth/validate')).toBeNull();
    expect(exportFileInput(API, '/export/file/a/b')).toBeNull();
    expect(exportFileInput(API, 'https://evil.example/api/export/file/abc')).toBeNull();
  });
});

describe('multipart calls', () => {
  it('names the fields as a form does and sends the files under the part, base names only', async () => {
    const form = multipartBody(uploadFilePart, { fileCat: 2, extra: { a: [1] } }, [
      { name: '/home/ayse/"kimlik".png', type: 'image/png', data: new Uint8Array([1, 2]) },
      { name: '  ', type: 'image/jpeg', data: new Blob([new Uint8Array([3])]) },
    ]);
    expect(form.get('fileCat')).toBe('2');
    expect(form.get('extra[a][0]')).toBe('1');
    const [first, second] = form.getAll('images') as File[];
    expect(first?.name).toBe('kimlik.png');
    expect(new Uint8Array(await (first as File).arrayBuffer())).toEqual(new Uint8Array([1, 2]));
    expect(second?.name).toBe('resim');
  });

  it('refuses a multipart call without files, and files on a call that takes none, before sending', () => {
    const upload = { params: { leadId: 5 }, body: { fileCat: 2 } };
    expect(checkCallInput(contract.uploadLeadFiles, { ...upload, files: [] })?.message).toBe(
      messages.fileNoneSelected,
    );
    const files = [{ name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array([1]) }];
    expect(checkCallInput(contract.files, { params: { leadId: 5 }, files })).toEqual({
      kind: 'invalid',
      status: 0,
      message: messages.invalidRequest,
    });
  });
});

describe('binary answers', () => {
  it('never reads a streamed-only answer (an export file) into memory', async () => {
    const api = recorded(() => new Response(new Uint8Array([1])));
    expect(await sendCall(contract.exportFile, { params: { name: 'abc' } }, client(api.fetch))).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 0, message: messages.invalidRequest },
    });
    expect(api.urls).toEqual([]);
  });

  it('streams an answer of any type for a call that allows any, and words its failures', async () => {
    const api = recorded(() => new Response(new Uint8Array([80, 75, 3, 4])));
    const opened = await openCall(contract.exportFile, { params: { name: 'abc' } }, client(api.fetch));
    if (!opened.ok) throw new Error('expected the file');
    expect(api.urls).toEqual([`${API}/export/file/abc`]);
    expect(opened.data.mime).toBe('application/octet-stream');
    expect(new Uint8Array(await new Response(opened.data.body).arrayBuffer())).toEqual(
      new Uint8Array([80, 75, 3, 4]),
    );

    const proxy = recorded(() => new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    expect(await openCall(contract.exportFile, { params: { name: 'abc' } }, client(proxy.fetch))).toEqual({
      ok: false,
      error: { kind: 'server', status: 502, message: messages.exportFailed },
    });
  });
});

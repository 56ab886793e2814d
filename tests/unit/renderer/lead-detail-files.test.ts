import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_BYTES } from '../../../src/shared/contract/files';
import { messages } from '../../../src/shared/i18n/messages';
import {
  IMAGE_ACCEPT,
  checkUpload,
  fileSizeText,
  isAcceptedImage,
} from '../../../src/renderer/src/features/lead-detail/files/file-check';

const jpg = { name: 'kimlik.jpg', type: 'image/jpeg', size: 2048 };
const png = { name: 'dekont.PNG', type: 'image/png', size: 4096 };

describe('file upload check (see docs/requirements.md#money-importer-and-lead-input: jpeg/png/jpg only, category first)', () => {
  it('offers only jpeg and png in the picker', () => {
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png');
  });

  it('accepts jpeg, jpg and png by name and type, also with an empty type', () => {
    expect(isAcceptedImage(jpg)).toBe(true);
    expect(isAcceptedImage(png)).toBe(true);
    expect(isAcceptedImage({ name: 'foto.jpeg', type: '', size: 1 })).toBe(true);
  });

  it('refuses other types and names', () => {
    expect(isAcceptedImage({ name: 'belge.pdf', type: 'application/pdf', size: 1 })).toBe(false);
    expect(isAcceptedImage({ name: 'resim.gif', type: 'image/gif', size: 1 })).toBe(false);
    expect(isAcceptedImage({ name: 'kurulum.exe', type: 'application/x-msdownload', size: 1 })).toBe(false);
    expect(isAcceptedImage({ name: 'resim.png', type: 'image/gif', size: 1 })).toBe(false);
  });

  it('lets a renamed .exe through: the server reads the bytes and refuses it', () => {
    expect(isAcceptedImage({ name: 'virus.jpg', type: 'image/jpeg', size: 100 })).toBe(true);
  });

  it('needs a category first, then files', () => {
    expect(checkUpload('', [jpg])).toBe(messages.fileCategoryRequired);
    expect(checkUpload('3', [])).toBe(messages.fileNoneSelected);
    expect(checkUpload('3', [jpg, png])).toBeNull();
  });

  it('refuses the whole choice when one file is wrong, empty, too big or there are too many', () => {
    expect(checkUpload('3', [jpg, { name: 'a.pdf', type: 'application/pdf', size: 1 }])).toBe(
      messages.fileTypeNotAllowed,
    );
    expect(checkUpload('3', [{ ...jpg, size: 0 }])).toBe('kimlik.jpg: dosya boş');
    expect(checkUpload('3', [{ ...jpg, size: UPLOAD_MAX_FILE_BYTES + 1 }])).toBe(
      'kimlik.jpg: dosya en fazla 10 MB olabilir',
    );
    expect(
      checkUpload(
        '3',
        Array.from({ length: UPLOAD_MAX_FILES + 1 }, () => jpg),
      ),
    ).toBe(`Tek seferde en fazla ${UPLOAD_MAX_FILES} dosya yüklenebilir`);
  });

  it('writes sizes with the Turkish decimal comma', () => {
    expect(fileSizeText(512)).toBe('512 B');
    expect(fileSizeText(2048)).toBe('2 KB');
    expect(fileSizeText(1536)).toBe('1,5 KB');
    expect(fileSizeText(3 * 1024 * 1024 + 200 * 1024)).toBe('3,2 MB');
  });
});

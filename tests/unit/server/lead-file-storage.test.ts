import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLeadFileStorage,
  type LeadFileStorage,
} from '../../../src/server/modules/files/lead-file-storage';

const done: AsyncIterator<Uint8Array> = {
  next: () => Promise.resolve({ done: true, value: undefined }),
};

function chunks(...parts: Uint8Array[]): AsyncIterator<Uint8Array> {
  let index = 0;
  return {
    next: () =>
      Promise.resolve(
        index < parts.length
          ? { done: false, value: parts[index++] as Uint8Array }
          : { done: true, value: undefined },
      ),
  };
}

describe('lead file storage', () => {
  let root: string;
  let storage: LeadFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'crm-storage-test-'));
    storage = createLeadFileStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes the first chunk and the rest into one file', async () => {
    const name = storage.newName('jpg');
    await storage.write(7, name, Buffer.from('ab'), chunks(Buffer.from('cd')), () => undefined);
    expect(await readdir(join(root, '7'))).toEqual([name]);
  });

  // A refusal on the very first chunk comes before the stream has opened its file: the file must not
  // be created again after it was removed (a race seen in CI with a single 10 MB chunk).
  it('leaves no file behind when the first chunk is refused before the file is open', async () => {
    // Many at once keep the thread pool busy, so an open that outlives its removal would show here.
    const attempts = Array.from({ length: 200 }, () =>
      storage.write(7, storage.newName('jpg'), Buffer.alloc(1024), done, () => {
        throw new Error('too large');
      }),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(await readdir(join(root, '7'))).toEqual([]);
  });

  it('leaves no file behind when a later chunk is refused', async () => {
    let seen = 0;
    const refused = storage.write(
      7,
      storage.newName('png'),
      Buffer.alloc(10),
      chunks(Buffer.alloc(10), Buffer.alloc(10)),
      (bytes) => {
        seen += bytes;
        if (seen > 15) throw new Error('too large');
      },
    );
    await expect(refused).rejects.toThrow('too large');
    expect(await readdir(join(root, '7'))).toEqual([]);
  });

  it('refuses stored names that are not its own', () => {
    expect(() => storage.pathOf(7, '../etc/passwd')).toThrow();
    expect(() => storage.pathOf(0, storage.newName('jpg'))).toThrow();
  });
});

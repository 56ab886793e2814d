import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildIcns,
  buildIco,
  decodeRgba,
  encodeRgba,
  ICNS_TYPES,
  ICO_SIZES,
  LINUX_SIZES,
  resize,
} from './lib/icon-formats';

// `npx tsx scripts/make-icons.ts [source.png]`: every icon the installers need, from one square image
// (build/icon.png, at least 512 × 512). Run it again after changing that image and commit what it writes.
const root = fileURLToPath(new URL('..', import.meta.url));
const sourcePath = process.argv[2] ?? join(root, 'build/icon.png');
const source = decodeRgba(readFileSync(sourcePath));
if (source.width !== source.height || source.width < 512) {
  process.stderr.write(`${sourcePath}: a square image of at least 512 × 512 is needed\n`);
  process.exit(1);
}

const pngs = new Map<number, Uint8Array>();
const png = (size: number): Uint8Array => {
  let encoded = pngs.get(size);
  if (!encoded) {
    encoded = encodeRgba(size === source.width ? source : resize(source, size));
    pngs.set(size, encoded);
  }
  return encoded;
};

const build = join(root, 'build');
writeFileSync(join(build, 'icon.ico'), buildIco(ICO_SIZES.map((size) => ({ size, png: png(size) }))));
writeFileSync(
  join(build, 'icon.icns'),
  buildIcns(ICNS_TYPES.map(({ type, size }) => ({ type, png: png(size) }))),
);
mkdirSync(join(build, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) writeFileSync(join(build, 'icons', `${size}x${size}.png`), png(size));
// resources/icon.png (the running app's window icon) and the tray icon are their own images.
process.stdout.write(`Icons written from ${sourcePath}: build/icon.ico, build/icon.icns, build/icons/\n`);

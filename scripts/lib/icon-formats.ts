import { decode, encode } from 'fast-png';

/** An RGBA image in memory. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The source icon as RGBA, whatever its PNG colour type (grey, RGB, with or without alpha, 8 or 16 bit). */
export function decodeRgba(png: Uint8Array): Rgba {
  const image = decode(png);
  const { width, height, channels } = image;
  const max = image.depth === 16 ? 65535 : 255;
  const source = image.data;
  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const at = pixel * channels;
    const value = (offset: number): number => Math.round(((source[at + offset] ?? 0) / max) * 255);
    const grey = channels <= 2;
    data[pixel * 4] = value(0);
    data[pixel * 4 + 1] = grey ? value(0) : value(1);
    data[pixel * 4 + 2] = grey ? value(0) : value(2);
    data[pixel * 4 + 3] = channels === 4 ? value(3) : channels === 2 ? value(1) : 255;
  }
  return { width, height, data };
}

/**
 * Scales a square image to size × size by averaging the source pixels each target pixel covers (with
 * premultiplied alpha, so transparent edges do not turn dark); upscaling repeats the nearest pixels.
 */
export function resize(image: Rgba, size: number): Rgba {
  const data = new Uint8Array(size * size * 4);
  const scaleX = image.width / size;
  const scaleY = image.height / size;
  for (let y = 0; y < size; y += 1) {
    const y0 = Math.floor(y * scaleY);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * scaleY));
    for (let x = 0; x < size; x += 1) {
      const x0 = Math.floor(x * scaleX);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * scaleX));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let count = 0;
      for (let sy = y0; sy < y1 && sy < image.height; sy += 1) {
        for (let sx = x0; sx < x1 && sx < image.width; sx += 1) {
          const at = (sy * image.width + sx) * 4;
          const alpha = image.data[at + 3] ?? 0;
          r += (image.data[at] ?? 0) * alpha;
          g += (image.data[at + 1] ?? 0) * alpha;
          b += (image.data[at + 2] ?? 0) * alpha;
          a += alpha;
          count += 1;
        }
      }
      const out = (y * size + x) * 4;
      data[out] = a === 0 ? 0 : Math.round(r / a);
      data[out + 1] = a === 0 ? 0 : Math.round(g / a);
      data[out + 2] = a === 0 ? 0 : Math.round(b / a);
      data[out + 3] = count === 0 ? 0 : Math.round(a / count);
    }
  }
  return { width: size, height: size, data };
}

export function encodeRgba(image: Rgba): Uint8Array {
  return encode({ width: image.width, height: image.height, data: image.data, channels: 4, depth: 8 });
}

/** The sizes Windows picks from (Explorer, taskbar, Start, high-DPI); 256 is the largest an ICO holds. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

/** A Windows .ico whose entries are PNGs (supported since Vista). */
export function buildIco(pngs: readonly { size: number; png: Uint8Array }[]): Uint8Array {
  const header = 6;
  const entry = 16;
  let offset = header + entry * pngs.length;
  const total = offset + pngs.reduce((sum, item) => sum + item.png.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0, true);
  view.setUint16(2, 1, true);
  view.setUint16(4, pngs.length, true);
  pngs.forEach((item, index) => {
    const at = header + entry * index;
    // 0 means 256 in the one-byte width and height fields.
    view.setUint8(at, item.size >= 256 ? 0 : item.size);
    view.setUint8(at + 1, item.size >= 256 ? 0 : item.size);
    view.setUint8(at + 2, 0);
    view.setUint8(at + 3, 0);
    view.setUint16(at + 4, 1, true);
    view.setUint16(at + 6, 32, true);
    view.setUint32(at + 8, item.png.length, true);
    view.setUint32(at + 12, offset, true);
    out.set(item.png, offset);
    offset += item.png.length;
  });
  return out;
}

/** The PNG-based entries of a macOS .icns: type code and pixel size (the @2x types are twice their points). */
export const ICNS_TYPES: readonly { type: string; size: number }[] = [
  { type: 'icp4', size: 16 },
  { type: 'icp5', size: 32 },
  { type: 'icp6', size: 64 },
  { type: 'ic07', size: 128 },
  { type: 'ic08', size: 256 },
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 },
  { type: 'ic11', size: 32 },
  { type: 'ic12', size: 64 },
  { type: 'ic13', size: 256 },
  { type: 'ic14', size: 512 },
];

export function buildIcns(entries: readonly { type: string; png: Uint8Array }[]): Uint8Array {
  const total = 8 + entries.reduce((sum, item) => sum + 8 + item.png.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const ascii = (text: string, at: number): void => {
    for (let index = 0; index < 4; index += 1) out[at + index] = text.charCodeAt(index);
  };
  ascii('icns', 0);
  view.setUint32(4, total, false);
  let offset = 8;
  for (const item of entries) {
    ascii(item.type, offset);
    view.setUint32(offset + 4, 8 + item.png.length, false);
    out.set(item.png, offset + 8);
    offset += 8 + item.png.length;
  }
  return out;
}

/** Linux hicolor sizes (electron-builder copies build/icons/<n>x<n>.png into the AppImage and the deb). */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;

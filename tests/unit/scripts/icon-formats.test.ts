import { describe, expect, it } from 'vitest';
import {
  buildIcns,
  buildIco,
  decodeRgba,
  encodeRgba,
  ICNS_TYPES,
  ICO_SIZES,
  resize,
  type Rgba,
} from '../../../scripts/lib/icon-formats';

/** A 4 × 4 image: the left half opaque red, the right half fully transparent. */
function halfRed(): Rgba {
  const data = new Uint8Array(4 * 4 * 4);
  for (let y = 0; y < 4; y += 1) {
    for (let x = 0; x < 2; x += 1) data.set([255, 0, 0, 255], (y * 4 + x) * 4);
  }
  return { width: 4, height: 4, data };
}

describe('icon formats', () => {
  it('averages pixels when scaling down without darkening transparent edges', () => {
    const small = resize(halfRed(), 2);
    expect([...small.data.slice(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...small.data.slice(4, 8)]).toEqual([0, 0, 0, 0]);
    const one = resize(halfRed(), 1);
    expect([...one.data]).toEqual([255, 0, 0, 128]);
  });

  it('round-trips through PNG', () => {
    const png = encodeRgba(halfRed());
    expect(decodeRgba(png)).toEqual(halfRed());
  });

  it('writes an ICO directory of PNG entries (256 stored as 0)', () => {
    const pngs = ICO_SIZES.map((size) => ({ size, png: encodeRgba(resize(halfRed(), size)) }));
    const ico = buildIco(pngs);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([
      0,
      1,
      ICO_SIZES.length,
    ]);
    const last = 6 + 16 * (ICO_SIZES.length - 1);
    expect(view.getUint8(last)).toBe(0);
    const offset = view.getUint32(last + 12, true);
    const length = view.getUint32(last + 8, true);
    expect(decodeRgba(ico.slice(offset, offset + length)).width).toBe(256);
    expect(offset + length).toBe(ico.length);
  });

  it('writes an ICNS file whose entries add up to its length', () => {
    const entries = ICNS_TYPES.slice(0, 3).map(({ type, size }) => ({
      type,
      png: encodeRgba(resize(halfRed(), size)),
    }));
    const icns = buildIcns(entries);
    const view = new DataView(icns.buffer);
    expect(new TextDecoder().decode(icns.slice(0, 4))).toBe('icns');
    expect(view.getUint32(4, false)).toBe(icns.length);
    let offset = 8;
    const types: string[] = [];
    while (offset < icns.length) {
      types.push(new TextDecoder().decode(icns.slice(offset, offset + 4)));
      offset += view.getUint32(offset + 4, false);
    }
    expect(types).toEqual(['icp4', 'icp5', 'icp6']);
    expect(offset).toBe(icns.length);
  });
});

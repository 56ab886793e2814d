import type { Locator } from '@playwright/test';

/** A text that fails WCAG AA contrast: what it says, its colours and the ratio found. */
export interface ContrastFailure {
  text: string;
  color: string;
  background: string;
  ratio: number;
  required: number;
}

/**
 * The WCAG 2 contrast of every visible text inside `root` against the background it is painted on (the
 * nearest ancestor with an opaque background colour, page white or the dark body otherwise): 4.5:1, or
 * 3:1 for large text (24 px, or 18.66 px bold). Disabled controls and placeholders are exempt, as in WCAG.
 */
export function contrastFailures(root: Locator): Promise<ContrastFailure[]> {
  return root.evaluate((element) => {
    type Rgba = [number, number, number, number];
    // Blueprint 6 paints in oklch(); a canvas turns any CSS colour into sRGB bytes.
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const parse = (value: string): Rgba => {
      if (!context) return [0, 0, 0, 0];
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = value;
      context.fillRect(0, 0, 1, 1);
      // ImageData is not premultiplied: the colour itself, and its alpha.
      const [r = 0, g = 0, bl = 0, alpha = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, bl, alpha / 255];
    };
    const channel = (value: number): number => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]: Rgba): number =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const blend = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + bottom[0] * (1 - a),
        top[1] * a + bottom[1] * (1 - a),
        top[2] * a + bottom[2] * (1 - a),
        1,
      ];
    };
    const backgroundOf = (node: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let current: Element | null = node; current; current = current.parentElement) {
        const colour = parse(getComputedStyle(current).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = blend(layer, result);
      return result;
    };
    const failures: {
      text: string;
      color: string;
      background: string;
      ratio: number;
      required: number;
    }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const owner = node.parentElement;
      if (text === '' || !owner || seen.has(owner)) continue;
      seen.add(owner);
      const style = getComputedStyle(owner);
      const box = owner.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0)
        continue;
      if (owner.closest('[disabled], .bp6-disabled, [aria-disabled="true"], [aria-hidden="true"]')) continue;
      const background = backgroundOf(owner);
      const colour = blend(parse(style.color), background);
      const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
      const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const required = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio < required) {
        failures.push({
          text: text.slice(0, 40),
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
          ratio: Math.round(ratio * 100) / 100,
          required,
        });
      }
    }
    return failures;
  });
}

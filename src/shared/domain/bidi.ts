/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069),
 * the left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C). In a
 * name, a message, a link or a file name they reorder what a reader sees ("fdp.exe" shown as "exe.pdf"),
 * so text that crosses a trust boundary loses them (docs/security.md#chat).
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

export function hasBidiControls(text: string): boolean {
  return new RegExp(BIDI_CONTROLS.source).test(text);
}

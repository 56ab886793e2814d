// Types of import-sources.js for the TypeScript tests that read it.
export const PATH_ALIASES: {
  readonly '@shared': 'src/shared';
  readonly '@server': 'src/server';
  readonly '@renderer': 'src/renderer/src';
};

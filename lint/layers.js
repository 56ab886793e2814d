// @ts-check
import { isPathSource, resolvedFromProject, toProjectPath, visitImportSources } from './import-sources.js';

/**
 * @typedef {object} Layer
 * @property {string} name
 * @property {string[]} files Project paths without extension; `*` is one path segment's characters, `**` any depth.
 * @property {string[]} may The other layers this one may import (its own files it always may).
 */

/** `src/server/modules/*\/routes` → a RegExp over extension-less project paths. */
function globPattern(/** @type {string} */ glob) {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const body = escaped
    .split('**')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

const withoutExtension = (/** @type {string} */ projectPath) =>
  projectPath.replace(/\.(d\.ts|tsx?|jsx?|mjs|cjs|json)$/, '');

/**
 * The layers inside one runtime (docs/architecture.md#layers): every file belongs to the first layer
 * whose `files` match it, and a path import may land only in its own layer or in one its layer `may`
 * import. Imports leaving the listed layers (src/shared, packages) are the boundary rules' business.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Import only the layers below your own' },
    schema: [
      {
        type: 'object',
        properties: {
          runtime: { type: 'string' },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                files: { type: 'array', items: { type: 'string' } },
                may: { type: 'array', items: { type: 'string' } },
              },
              required: ['name', 'files', 'may'],
              additionalProperties: false,
            },
          },
        },
        required: ['runtime', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "'{{source}}' is in the {{runtime}} layer '{{target}}', which layer '{{own}}' may not import (it may import {{allowed}}; docs/architecture.md#layers).",
    },
  },
  create(context) {
    const { runtime, layers: list } = /** @type {{ runtime: string; layers: Layer[] }} */ (
      context.options[0]
    );
    const compiled = list.map((layer) => ({ ...layer, patterns: layer.files.map(globPattern) }));
    const layerOf = (/** @type {string} */ projectPath) => {
      // A folder import (`../contract`) is its index file.
      const candidates = [withoutExtension(projectPath), `${withoutExtension(projectPath)}/index`];
      return compiled.find((layer) =>
        layer.patterns.some((pattern) => candidates.some((candidate) => pattern.test(candidate))),
      );
    };
    const own = layerOf(toProjectPath(context));
    if (own === undefined) return {};
    return visitImportSources((source, node) => {
      if (!isPathSource(source)) return;
      const target = layerOf(resolvedFromProject(context, source));
      if (target === undefined || target.name === own.name || own.may.includes(target.name)) return;
      context.report({
        node,
        messageId: 'upward',
        data: {
          source,
          runtime,
          target: target.name,
          own: own.name,
          allowed: own.may.length > 0 ? own.may.map((name) => `'${name}'`).join(', ') : 'no other layer',
        },
      });
    });
  },
};

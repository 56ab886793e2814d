// @ts-check
import { isInside, isPathSource, resolvedFromProject, visitImportSources } from './import-sources.js';

/**
 * @typedef {object} BoundaryOptions
 * @property {string} reason Why the boundary exists, shown with every report.
 * @property {string[]} [onlyFolders] Path imports must land inside one of these project folders.
 * @property {string[]} [forbiddenFolders] Path imports must not land inside any of these.
 * @property {Array<string | { name: string; reason: string }>} [forbiddenModules] Packages and built-ins
 *   (`fs` also stands for `node:fs`), each with its own reason where `reason` does not fit it; a name
 *   also covers its subpaths (`react` covers `react/jsx-runtime`).
 */

/** @param {string} source @param {string} name */
const namesModule = (source, name) => {
  const bare = source.startsWith('node:') ? source.slice('node:'.length) : source;
  return bare === name || bare.startsWith(`${name}/`);
};

/**
 * One runtime's import boundary: which folders and packages its files may load. Configured once per
 * runtime folder in eslint.config.js; path imports are resolved, so the depth of `../` does not matter.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each runtime to the folders and packages it may import' },
    schema: [
      {
        type: 'object',
        properties: {
          reason: { type: 'string' },
          onlyFolders: { type: 'array', items: { type: 'string' } },
          forbiddenFolders: { type: 'array', items: { type: 'string' } },
          forbiddenModules: {
            type: 'array',
            items: {
              anyOf: [
                { type: 'string' },
                {
                  type: 'object',
                  properties: { name: { type: 'string' }, reason: { type: 'string' } },
                  required: ['name', 'reason'],
                  additionalProperties: false,
                },
              ],
            },
          },
        },
        required: ['reason'],
        additionalProperties: false,
      },
    ],
    messages: {
      outsideFolders: "'{{source}}' leaves {{allowed}}: {{reason}}",
      forbiddenFolder: "'{{source}}' reaches into {{folder}}: {{reason}}",
      forbiddenModule: "'{{source}}' may not be imported here: {{reason}}",
    },
  },
  create(context) {
    const options = /** @type {BoundaryOptions} */ (context.options[0]);
    const { reason, onlyFolders, forbiddenFolders = [] } = options;
    const forbiddenModules = (options.forbiddenModules ?? []).map((entry) =>
      typeof entry === 'string' ? { name: entry, reason } : entry,
    );
    return visitImportSources((source, node) => {
      if (!isPathSource(source)) {
        const forbidden = forbiddenModules.find(({ name }) => namesModule(source, name));
        if (forbidden)
          context.report({ node, messageId: 'forbiddenModule', data: { source, reason: forbidden.reason } });
        return;
      }
      const target = resolvedFromProject(context, source);
      if (onlyFolders && !onlyFolders.some((folder) => isInside(target, folder))) {
        context.report({
          node,
          messageId: 'outsideFolders',
          data: { source, allowed: onlyFolders.join(' and '), reason },
        });
        return;
      }
      const folder = forbiddenFolders.find((candidate) => isInside(target, candidate));
      if (folder !== undefined)
        context.report({ node, messageId: 'forbiddenFolder', data: { source, folder, reason } });
    });
  },
};

// @ts-check
import path from 'node:path';
import {
  isInside,
  isPathSource,
  projectRoot,
  resolvedFromProject,
  toProjectPath,
  visitImportSources,
} from './import-sources.js';

/** What a feature's entry may be called: the folder itself or its index module. */
const ENTRY_NAMES = new Set(['', 'index', 'index.ts', 'index.tsx', 'index.js']);

/**
 * A feature (a folder under `featuresFolder`) reaches another feature only through that feature's
 * index.ts, so a feature can reorganise its files without breaking its neighbours.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const featureEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its index.ts' },
    schema: [
      {
        type: 'object',
        properties: { featuresFolder: { type: 'string' } },
        required: ['featuresFolder'],
        additionalProperties: false,
      },
    ],
    messages: {
      internalFile:
        "'{{source}}' reaches into the files of feature '{{feature}}': import what it exports from its index.ts ('{{entry}}').",
    },
  },
  create(context) {
    const { featuresFolder } = /** @type {{ featuresFolder: string }} */ (context.options[0]);
    const root = featuresFolder.replace(/\/+$/, '');
    /** The feature a project path belongs to and the rest of its path, or null outside the features. */
    const split = (/** @type {string} */ projectPath) => {
      if (!isInside(projectPath, root) || projectPath === root) return null;
      const [feature = '', ...rest] = projectPath.slice(root.length + 1).split('/');
      return { feature, rest: rest.join('/') };
    };
    const own = split(toProjectPath(context));
    if (own === null) return {};
    return visitImportSources((source, node) => {
      if (!isPathSource(source)) return;
      const target = split(resolvedFromProject(context, source));
      if (target === null || target.feature === own.feature || ENTRY_NAMES.has(target.rest)) return;
      const entryFolder = path.resolve(projectRoot(context), root, target.feature);
      const relative = path.relative(path.dirname(context.filename), entryFolder).split(path.sep).join('/');
      const entry = relative.startsWith('.') ? relative : `./${relative}`;
      context.report({ node, messageId: 'internalFile', data: { source, feature: target.feature, entry } });
    });
  },
};

// @ts-check
import { builtinModules } from 'node:module';
import { isPathSource, visitImportSources } from './import-sources.js';

/**
 * @typedef {'server' | 'main' | 'preload' | 'renderer' | 'shared' | 'tooling'} Runtime
 * @typedef {Record<string, readonly Runtime[]>} PackageRuntimes
 */

const builtins = new Set(builtinModules);

/** The package a module name belongs to: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageOf(/** @type {string} */ source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? source);
}

/** Node built-ins (`fs`, `node:fs`, `fs/promises`): the runtime boundaries, not this rule, decide about them. */
function isBuiltin(/** @type {string} */ source) {
  return source.startsWith('node:') || builtins.has(source) || builtins.has(packageOf(source));
}

/**
 * The names in package.json's dependency lists that `runtimes` does not sort: a new dependency must be
 * given its runtimes before anything may import it.
 *
 * @param {{ dependencies?: object; devDependencies?: object; optionalDependencies?: object }} manifest
 * @param {PackageRuntimes} runtimes
 */
export function unsortedDependencies(manifest, runtimes) {
  const names = [manifest.dependencies, manifest.devDependencies, manifest.optionalDependencies].flatMap(
    (list) => Object.keys(list ?? {}),
  );
  return names.filter((name) => !(name in runtimes)).sort();
}

/**
 * An npm package may be imported only by the runtimes eslint.config.js sorts it into (`packageRuntimes`):
 * `pg` in a renderer screen or `argon2` in src/shared fails lint, and so does a package sorted nowhere.
 * Path imports, the project's path aliases and Node built-ins are left to the boundary rules.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const packageRuntimesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import an npm package only in the runtimes it is sorted into' },
    schema: [
      {
        type: 'object',
        properties: {
          runtime: { type: 'string' },
          packages: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          aliases: { type: 'array', items: { type: 'string' } },
        },
        required: ['runtime', 'packages'],
        additionalProperties: false,
      },
    ],
    messages: {
      unsorted:
        "'{{name}}' is not sorted into any runtime: add it to packageRuntimes in eslint.config.js (docs/development.md#adding-a-dependency).",
      wrongRuntime:
        "'{{name}}' may be imported by {{allowed}} only, not by {{runtime}} code (packageRuntimes in eslint.config.js).",
    },
  },
  create(context) {
    const options = /** @type {{ runtime: Runtime; packages: PackageRuntimes; aliases?: string[] }} */ (
      context.options[0]
    );
    const aliases = options.aliases ?? [];
    return visitImportSources((source, node) => {
      if (isPathSource(source) || isBuiltin(source)) return;
      if (aliases.some((alias) => source === alias || source.startsWith(`${alias}/`))) return;
      // Vite's virtual modules and asset queries are not packages.
      if (source.startsWith('virtual:') || source.startsWith('\0')) return;
      const name = packageOf(source);
      const allowed = options.packages[name];
      if (allowed === undefined) {
        context.report({ node, messageId: 'unsorted', data: { name } });
        return;
      }
      // Tests, scripts and configs drive every runtime: any sorted package is theirs.
      if (options.runtime !== 'tooling' && !allowed.includes(options.runtime))
        context.report({
          node,
          messageId: 'wrongRuntime',
          data: { name, allowed: allowed.join(', '), runtime: options.runtime },
        });
    });
  },
};

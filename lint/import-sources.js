// @ts-check
import path from 'node:path';

/**
 * @typedef {import('eslint').Rule.RuleContext} RuleContext
 * @typedef {import('eslint').Rule.RuleListener} RuleListener
 * @typedef {import('estree').Node} Node
 * @typedef {(source: string, node: Node) => void} SourceVisitor
 */

/**
 * Calls `visit` for every module a file loads with a literal name: static imports and re-exports
 * (type-only ones included: a type from another runtime couples the layers as much as a value),
 * `import()`, `require()`, TypeScript's `import x = require()` and `import('...')` types.
 *
 * @param {SourceVisitor} visit
 * @returns {RuleListener}
 */
export function visitImportSources(visit) {
  /** @param {Node | null | undefined} node */
  const literal = (node) => {
    if (node && node.type === 'Literal' && typeof node.value === 'string') visit(node.value, node);
  };
  // TypeScript-only nodes are not in estree's types; they are read by shape.
  /** @param {unknown} node */
  const tsLiteral = (node) => {
    if (typeof node !== 'object' || node === null) return;
    const candidate = /** @type {{ type?: string; literal?: Node; value?: unknown }} */ (node);
    if (candidate.type === 'TSLiteralType') literal(candidate.literal);
    else if (candidate.type === 'Literal') literal(/** @type {Node} */ (node));
  };
  return {
    ImportDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1)
        literal(/** @type {Node} */ (node.arguments[0]));
    },
    /** @param {{ moduleReference?: { type?: string; expression?: unknown } }} node */
    TSImportEqualsDeclaration: (node) => {
      if (node.moduleReference?.type === 'TSExternalModuleReference')
        tsLiteral(node.moduleReference.expression);
    },
    /** @param {{ source?: unknown; argument?: unknown }} node */
    TSImportType: (node) => tsLiteral(node.source ?? node.argument),
  };
}

/**
 * The project's import-path aliases (tsconfig.json `paths`): `@shared/x` is `src/shared/x`. Kept here so
 * every rule resolves them as the compilers do.
 */
export const PATH_ALIASES = /** @type {const} */ ({
  '@shared': 'src/shared',
  '@server': 'src/server',
  '@renderer': 'src/renderer/src',
});

/** The alias a module name starts with, if any. */
function aliasOf(/** @type {string} */ source) {
  return Object.keys(PATH_ALIASES).find((alias) => source === alias || source.startsWith(`${alias}/`));
}

/** A path or URL-like module name (`./x`, `../x`, `/x`, `@shared/x`), as opposed to a package or a built-in. */
export function isPathSource(/** @type {string} */ source) {
  return (
    aliasOf(source) !== undefined ||
    source === '.' ||
    source === '..' ||
    source.startsWith('./') ||
    source.startsWith('../') ||
    source.startsWith('/')
  );
}

/**
 * Where a path import lands, relative to the project folder and with forward slashes (`src/shared/x`).
 * Vite's query suffixes (`icon.png?asset`) are not part of the path.
 *
 * @param {RuleContext} context
 * @param {string} source
 */
export function resolvedFromProject(context, source) {
  const withoutQuery = source.split('?')[0] ?? source;
  const alias = aliasOf(withoutQuery);
  const target =
    alias === undefined
      ? path.resolve(path.dirname(context.filename), withoutQuery)
      : path.resolve(
          projectRoot(context),
          PATH_ALIASES[/** @type {keyof typeof PATH_ALIASES} */ (alias)] + withoutQuery.slice(alias.length),
        );
  return toProjectPath(context, target);
}

/**
 * The folder the rules' paths are relative to: `settings.crm.projectRoot` (the config's own folder, so
 * running ESLint from a subfolder changes nothing), else ESLint's working folder.
 *
 * @param {RuleContext} context
 */
export function projectRoot(context) {
  const settings = /** @type {{ crm?: { projectRoot?: unknown } }} */ (context.settings);
  const root = settings.crm?.projectRoot;
  return typeof root === 'string' ? root : context.cwd;
}

/**
 * The linted file's own path relative to the project folder, with forward slashes.
 *
 * @param {RuleContext} context
 * @param {string} [file]
 */
export function toProjectPath(context, file = context.filename) {
  return path.relative(projectRoot(context), file).split(path.sep).join('/');
}

/** Whether `projectPath` is `folder` itself or inside it. */
export function isInside(/** @type {string} */ projectPath, /** @type {string} */ folder) {
  const clean = folder.replace(/\/+$/, '');
  return projectPath === clean || projectPath.startsWith(`${clean}/`);
}

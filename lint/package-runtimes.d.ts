// Types of package-runtimes.js for the TypeScript tests that call it.
export type Runtime = 'server' | 'main' | 'preload' | 'renderer' | 'shared' | 'tooling';
export type PackageRuntimes = Record<string, readonly Runtime[]>;
export function packageOf(source: string): string;
export function unsortedDependencies(
  manifest: { dependencies?: object; devDependencies?: object; optionalDependencies?: object },
  runtimes: PackageRuntimes,
): string[];

// @ts-check
import { featureEntry } from './feature-entry.js';
import { importBoundaries } from './import-boundaries.js';
import { layers } from './layers.js';
import { packageRuntimesRule } from './package-runtimes.js';

/** The project's own lint rules: the layer boundaries of ARCHITECTURE.md. */
export const crmPlugin = {
  meta: { name: 'crm' },
  rules: {
    'import-boundaries': importBoundaries,
    'feature-entry': featureEntry,
    'package-runtimes': packageRuntimesRule,
    layers,
  },
};

import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeExists } from '../../../src/renderer/src/routing/route-exists';

const ROUTES: RouteObject[] = [
  {
    children: [{ index: true }, { path: 'list/:table' }, { path: 'excel/:table' }, { path: '*' }],
  },
];

/**
 * "Excel Yükle" follows routeExists over the registered routes (routing/route-features.ts); the app's own
 * table is JSX, which the Node suite does not compile, so the e2e suite checks it (importer.spec.ts).
 */
describe('routeExists', () => {
  it('finds a screen by a concrete path and not by the catch-all page', () => {
    expect(routeExists(ROUTES, '/excel/leads')).toBe(true);
    expect(routeExists(ROUTES, '/list/customers')).toBe(true);
    expect(routeExists(ROUTES, '/')).toBe(true);
    expect(routeExists(ROUTES, '/reports/utm')).toBe(false);
    expect(routeExists([{ path: 'list/:table' }], '/excel/leads')).toBe(false);
  });
});

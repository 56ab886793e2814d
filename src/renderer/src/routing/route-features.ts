import { registeredFeatures } from './feature-registry';
import { routeExists } from './route-exists';

/**
 * Screens other screens link to, known from the registered routes: a link is offered only where this
 * build has the screen it leads to, and appears by itself once the route is added.
 */
export const routeFeatures = {
  /** /excel/{table}, the importer ("Excel Yükle", docs/requirements.md#shell-lists-and-chat). */
  get excelImport(): boolean {
    const routes = registeredFeatures().flatMap((feature) => [
      ...(feature.open ?? []),
      ...(feature.shell ?? []),
    ]);
    return routeExists(routes, '/excel/leads');
  },
};

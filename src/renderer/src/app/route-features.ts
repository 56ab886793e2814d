import { routeExists } from './route-exists';
import { appRoutes } from './router';

let excelImport: boolean | undefined;

/**
 * Screens other screens link to, known from the route table itself: a link is offered only where this
 * build has the screen it leads to, and appears by itself once the route is added. Asked when a screen
 * renders, not when modules load: the route table is built from the features, which import these screens.
 */
export const routeFeatures = {
  /** /excel/{table}, the importer ("Excel Yükle", docs/requirements.md#shell-lists-and-chat). */
  get excelImport(): boolean {
    excelImport ??= routeExists(appRoutes(), '/excel/leads');
    return excelImport;
  },
};

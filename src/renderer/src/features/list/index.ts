import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// What other features may use of the list: the list a lead was opened from and the stored list
// preferences (the lead detail's "next lead" follows them).
export { readListContext, type ListContext } from './list-context';
export { readStoredFilters, readStoredSort } from './list-preferences';

// The list screen of any table: /list/{table}.
export const listFeature: FeatureRoutes = {
  shell: [
    {
      path: 'list/:table',
      lazy: lazyScreen(
        () => import('./ListRoute'),
        (m) => m.ListRoute,
      ),
    },
  ],
};
// The admin area's tables (/admin/{table}) are the generic list with its edit modal.
export { ListPage, type ListPageProps } from './ListPage';
// The detailed search's filter row (12 filter types), for screens that filter like a list (the report builder).
export { FilterRow, type FilterDraft } from './search/FilterRow';
export { defaultFilterType, emptyFilterValue, searchFieldKind } from './search/filter-state';

import type { RouteObject } from 'react-router-dom';
import type { MenuTable } from '../../../shared/contract';

/** Where a menu entry with a `url` naming this screen leads (see docs/requirements.md#shell-lists-and-chat: "an entry with a url opens the named route"). */
export type NamedRoute = (entry: MenuTable) => string;

/**
 * What a feature adds to the app, exported by its index.ts (`export const xFeature: FeatureRoutes`) and
 * listed once in app/router.tsx. Screens stay lazy: a route's `lazy` is `lazyScreen(() => import('./Page'))`,
 * so the index never pulls a screen into the first script.
 */
export interface FeatureRoutes {
  /** Screens outside the signed-in shell (login, setup...). */
  readonly open?: readonly RouteObject[];
  /** Screens inside the shell; their scripts are prefetched once the shell is up. */
  readonly shell?: readonly RouteObject[];
  /** Names a menu entry's url may give for a screen of this feature ('dashboard' → '/'). */
  readonly namedRoutes?: Readonly<Record<string, NamedRoute>>;
}

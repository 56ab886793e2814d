import type { FeatureRoutes, NamedRoute } from './feature-routes';

/**
 * The features this build has, as app/features.ts registers them at start-up. The router, the menu's
 * named routes (shell/menu-targets.ts) and the links to other screens (route-features.ts) read them here,
 * so none of those imports a feature and a feature may import any of them (docs/architecture.md#layers).
 */
let registered: readonly FeatureRoutes[] = [];

/** Called once by app/features.ts (and by tests that need the real list). */
export function registerFeatures(features: readonly FeatureRoutes[]): void {
  registered = features;
}

export function registeredFeatures(): readonly FeatureRoutes[] {
  return registered;
}

/** Every name a menu entry's url may give, from every registered feature. */
export function registeredNamedRoutes(): Readonly<Record<string, NamedRoute>> {
  return Object.fromEntries(registered.flatMap((feature) => Object.entries(feature.namedRoutes ?? {})));
}

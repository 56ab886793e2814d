import { adminFeature } from '../features/admin';
import { dashboardFeature } from '../features/dashboard';
import { leadDetailFeature } from '../features/lead-detail';
import { listFeature } from '../features/list';
import { loginFeature } from '../features/login';
import { logoutFeature } from '../features/logout';
import { notFoundFeature } from '../features/not-found';
import { profileFeature } from '../features/profile';
import { reportsFeature } from '../features/reports';
import { reportBuilderFeature } from '../features/report-builder';
import { transactionsFeature } from '../features/transactions';
import { importerFeature } from '../features/importer';
import { permissionsFeature } from '../features/permissions';
import { chatFeature } from '../features/chat';
import { tasksFeature } from '../features/tasks';
import { callPeriodsFeature } from '../features/call-periods';
import { hooksFeature } from '../features/hooks';
import { bidsFeature } from '../features/bids';
import { quizbuilderFeature } from '../features/quizbuilder';
import { recordEditFeature } from '../features/record-edit';
import { setupFeature } from '../features/setup';
import { registerFeatures } from '../routing/feature-registry';
import type { FeatureRoutes } from '../routing/feature-routes';

/**
 * Every feature, registered once: its index.ts exports a FeatureRoutes (`export const xFeature:
 * FeatureRoutes = { open?, shell?, namedRoutes? }`, screens through lazyScreen so each stays its own
 * script) and gets one line here. It is registered in routing/feature-registry.ts, where the router
 * (app/router.tsx), the menu's named routes (shell/menu-targets.ts) and links between screens read it;
 * nothing else needs to know the screen.
 */
export const FEATURES: readonly FeatureRoutes[] = [
  loginFeature,
  setupFeature,
  logoutFeature,
  notFoundFeature,
  dashboardFeature,
  listFeature,
  leadDetailFeature,
  recordEditFeature,
  profileFeature,
  adminFeature,
  reportsFeature,
  reportBuilderFeature,
  transactionsFeature,
  importerFeature,
  permissionsFeature,
  chatFeature,
  tasksFeature,
  callPeriodsFeature,
  hooksFeature,
  bidsFeature,
  quizbuilderFeature,
];

registerFeatures(FEATURES);

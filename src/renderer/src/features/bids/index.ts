import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// Offer templates and a lead's offer with its PDF (see docs/requirements.md#lead-workspace-and-work-screens /bids).
export const bidsFeature: FeatureRoutes = {
  shell: [
    {
      path: 'bids',
      lazy: lazyScreen(
        () => import('./BidsPage'),
        (m) => m.BidsPage,
      ),
    },
    {
      path: 'bids/:leadId/:id',
      lazy: lazyScreen(
        () => import('./BidOfferPage'),
        (m) => m.BidOfferPage,
      ),
    },
  ],
  namedRoutes: { bids: () => '/bids' },
};

/** The Unicode font of the offer PDF (Turkish letters), as a data URL, loaded only when a PDF is made. */
export const loadPdfFont = async (): Promise<string> =>
  (await import('./fonts/DejaVuSans.ttf?inline')).default;

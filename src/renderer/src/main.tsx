import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/table/lib/css/table.css';
import './styles.css';

import { FocusStyleManager } from '@blueprintjs/core';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { moveDeepLinkIntoHash } from './app/deep-link';
import { createConnectionMonitor } from './api/connection-monitor';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { pickBridge } from './bridge/pick-bridge';

dayjs.locale('tr');
// Focus rings for keyboard users only; a mouse click on a menu entry should not leave a box around it.
FocusStyleManager.onlyShowFocusOnTabs();

const container = document.getElementById('root');
if (!container) throw new Error('#root element not found');

const bridge = pickBridge();
// A browser may open a path link ('/list/leads?utm_source=google'); the desktop page is a file:// path.
if (bridge.edition === 'web') moveDeepLinkIntoHash(window);
const connection = createConnectionMonitor();
const queryClient = createAppQueryClient(connection);
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders bridge={bridge} queryClient={queryClient} connection={connection}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

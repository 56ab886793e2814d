import { Classes, Icon, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { uiTexts } from '../../i18n/ui-texts';
import { mainMenuEntries, menuIcon, menuTarget } from '../../shell/menu-targets';

/**
 * Home (/): one tile per location-1 table, linking the way the menu does (spec 1 §2). The calendar and
 * the lead charts of the full dashboard arrive with their own issue.
 */
export function DashboardPage(): ReactNode {
  // The shell has already loaded GET /permissions; this reads the same cache entry.
  const permissions = usePermissions();
  const tiles = permissions.data ? mainMenuEntries(permissions.data.tables) : [];

  return (
    <div className="page" data-testid="dashboard">
      <header className="page-header">
        <h1 className="page-title">{messages.home}</h1>
      </header>
      {tiles.length === 0 ? (
        <NonIdealState icon="th-disconnect" title={uiTexts.dashboardEmpty} />
      ) : (
        <div className="tile-grid">
          {tiles.map((entry) => (
            <Link
              key={entry.id}
              to={menuTarget(entry)}
              className={`dashboard-tile ${Classes.CARD} ${Classes.INTERACTIVE} ${Classes.ELEVATION_0}`}
              data-testid={`tile-${entry.table}`}
            >
              <span className="dashboard-tile-icon">
                <Icon icon={menuIcon(entry.icon)} size={20} />
              </span>
              <span className="dashboard-tile-name">{entry.name}</span>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

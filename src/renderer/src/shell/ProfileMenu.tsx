import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuTable } from '../../../shared/contract';
import { MENU_LOCATIONS } from '../../../shared/domain';
import { messages } from '../../../shared/i18n/messages';
import { shellTexts } from '../i18n/shell-texts';
import { listPath, menuTarget } from './menu-targets';

/**
 * Where 'Yönetim Paneli' leads. This version has no /admin screen yet, so it opens the first admin table
 * (menu location 2, "Hesap Yönetimi": users in the demo data) the user may see, else the users list; the
 * server decides who may read it. Swap for '/admin' once that page exists.
 */
export function adminPanelTarget(tables: readonly MenuTable[]): string {
  const first = tables.find(
    (entry) => entry.location === MENU_LOCATIONS.accountManagement && entry.show === 1,
  );
  return first ? menuTarget(first) : listPath('users');
}

export type ProfileMenuProps = { tables: readonly MenuTable[]; userName: string };

/** Spec 1 §2: a profile menu with Profil and Yönetim Paneli, shown to everybody. */
export function ProfileMenu({ tables, userName }: ProfileMenuProps): ReactNode {
  const navigate = useNavigate();
  return (
    <PopoverNext
      placement="bottom-end"
      arrow={false}
      animation="minimal"
      content={
        <Menu>
          <MenuItem
            icon="person"
            text={messages.profile}
            onClick={() => void navigate('/profile')}
            data-testid="menu-profile"
          />
          <MenuItem
            icon="cog"
            text={messages.adminPanel}
            onClick={() => void navigate(adminPanelTarget(tables))}
            data-testid="menu-admin"
          />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="user"
        endIcon="caret-down"
        text={<span className="profile-menu-name">{userName}</span>}
        title={shellTexts.account}
        aria-label={shellTexts.account}
        data-testid="profile-menu"
      />
    </PopoverNext>
  );
}

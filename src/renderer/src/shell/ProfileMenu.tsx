import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/i18n/messages';
import { shellTexts } from '../i18n/shell-texts';

/**
 * Where 'Yönetim Paneli' leads, for everybody (see docs/requirements.md#shell-lists-and-chat: the entry is shown to all, who may enter is not
 * shown): the panel page itself decides, and tells those outside the admin departments so in Turkish.
 */
export const ADMIN_PANEL_PATH = '/admin';

export type ProfileMenuProps = { userName: string };

/** docs/requirements.md#shell-lists-and-chat: a profile menu with Profil and Yönetim Paneli, shown to everybody. */
export function ProfileMenu({ userName }: ProfileMenuProps): ReactNode {
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
            onClick={() => void navigate(ADMIN_PANEL_PATH)}
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

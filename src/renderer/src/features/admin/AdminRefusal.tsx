import { Classes, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { departmentLabel, format, messages } from '../../../../shared/i18n/messages';
import { adminTexts } from '../../i18n/admin-texts';
import { adminDepartmentNames } from './admin-sections';

export type AdminRefusalProps = { department: string };

/**
 * What a user outside the admin departments sees at /admin: the entry stays in everyone's profile menu
 * (see docs/requirements.md#shell-lists-and-chat), so the page says plainly whom the panel is for instead of failing on a table.
 */
export function AdminRefusal({ department }: AdminRefusalProps): ReactNode {
  return (
    <div className="page page-centered" data-testid="admin-refusal">
      <NonIdealState
        icon="lock"
        title={messages.adminPanelOnly}
        description={
          <>
            <p>{format(adminTexts.refusalDetail, { departments: adminDepartmentNames() })}</p>
            <p data-testid="admin-refusal-department">
              {format(adminTexts.yourDepartment, { department: departmentLabel(department) })}
            </p>
          </>
        }
        action={
          <Link
            to="/"
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            data-testid="admin-refusal-home"
          >
            {adminTexts.goHome}
          </Link>
        }
      />
    </div>
  );
}

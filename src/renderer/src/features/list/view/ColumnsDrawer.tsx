import { Button, Checkbox, Classes, Drawer } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import { format, messages } from '../../../../../shared/i18n/messages';
import { uiTexts } from '../../../i18n/ui-texts';
import { toggleColumn } from './column-prefs';

export type ColumnsDrawerProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The fields the user may list, in the table's order. */
  fields: readonly FieldMeta[];
  /** The columns on screen now, id first. */
  columns: readonly string[];
  /** The user has a choice of their own (else the defaults are shown). */
  customised: boolean;
  onChange: (columns: string[]) => void;
  onReset: () => void;
};

/**
 * "Görünüm Ayarları" (see docs/requirements.md#shell-lists-and-chat display settings): a checkbox per listable field. Id is always first and
 * cannot be unticked (see docs/requirements.md#filters-and-list-input); ticking a field adds it where the field list has it.
 */
export function ColumnsDrawer({
  isOpen,
  onClose,
  fields,
  columns,
  customised,
  onChange,
  onReset,
}: ColumnsDrawerProps): ReactNode {
  const shown = new Set(columns);
  const others = fields.filter((field) => field.name !== 'id');
  const idLabel = fields.find((field) => field.name === 'id')?.display_name ?? 'ID';
  const order = fields.map((field) => field.name);
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={uiTexts.displaySettings}
      icon="column-layout"
      size={340}
      className="list-drawer"
    >
      <div className={`${Classes.DRAWER_BODY} list-drawer-body`} data-testid="columns-drawer">
        <p className={`${Classes.TEXT_MUTED} list-drawer-hint`}>{uiTexts.columnsHint}</p>
        <ul className="columns-list">
          <li>
            <Checkbox
              checked
              disabled
              label={idLabel}
              className="columns-item"
              data-testid="column-toggle-id"
            />
          </li>
          {others.map((field) => (
            <li key={field.name}>
              <Checkbox
                checked={shown.has(field.name)}
                label={field.display_name}
                className="columns-item"
                onChange={(event) =>
                  onChange(toggleColumn(columns, field.name, event.currentTarget.checked, order))
                }
                data-testid={`column-toggle-${field.name}`}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className={`${Classes.DRAWER_FOOTER} list-drawer-footer`}>
        <span className={Classes.TEXT_MUTED}>
          {format(uiTexts.columnsSelected, { count: columns.length })}
        </span>
        <div className="list-drawer-footer-actions">
          <Button
            icon="reset"
            text={uiTexts.resetColumns}
            disabled={!customised}
            onClick={onReset}
            data-testid="columns-reset"
          />
          <Button intent="primary" text={messages.close} onClick={onClose} data-testid="columns-close" />
        </div>
      </div>
    </Drawer>
  );
}

import type { ReactNode } from 'react';

export type ListToolbarProps = {
  /** Searching: detailed search, favourite filters. */
  start?: ReactNode;
  /** Record actions (Ekle, bulk actions, Excel export and upload): other screens add theirs here. */
  children?: ReactNode;
  /** How the list looks and refreshes: auto refresh, display settings. */
  end?: ReactNode;
};

/** The row of buttons above the list, in three groups so each feature adds its buttons without layout work. */
export function ListToolbar({ start, children, end }: ListToolbarProps): ReactNode {
  return (
    <div className="list-toolbar" role="toolbar" data-testid="list-toolbar">
      <div className="list-toolbar-group list-toolbar-start">{start}</div>
      <div className="list-toolbar-group list-toolbar-actions">{children}</div>
      <div className="list-toolbar-group list-toolbar-end">{end}</div>
    </div>
  );
}

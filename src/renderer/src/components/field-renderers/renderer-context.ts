import { createContext, useContext } from 'react';
import type { RecordRow } from '../../../../shared/contract';
import type { FieldDescriptor } from './types';

/**
 * What a cell may ask of the screen around it: which table it belongs to (for saves and calls) and the
 * screen's record modals. Without a provider (a renderer used outside a list) cells only display.
 */
export type FieldRendererContextValue = {
  table: string;
  /** Opens the edit modal of a record of `table`. */
  openRecord?: (id: number) => void;
  /** Opens the permission modal for a permissionModal cell. */
  openPermission?: (field: FieldDescriptor, row: RecordRow) => void;
  /** Lead id → name for the lead columns of the page (the list answer's lead_names). */
  leadNames?: Readonly<Record<string, string>>;
};

export const FieldRendererContext = createContext<FieldRendererContextValue | null>(null);

export function useFieldRendererContext(): FieldRendererContextValue | null {
  return useContext(FieldRendererContext);
}

import { usePermissions } from '../../../api/permissions';
import { canExport } from '../../../../../shared/domain/export';

// The rule itself is shared with the server, which refuses exactly what this hides.
export { canExport } from '../../../../../shared/domain/export';

/** Whether the current user sees the Export button on `table` (department admin or excel_export 1). */
export function useCanExport(table: string): boolean {
  const { data } = usePermissions();
  if (!data) return false;
  return canExport(
    data.me.department,
    data.tables.find((entry) => entry.table === table),
  );
}

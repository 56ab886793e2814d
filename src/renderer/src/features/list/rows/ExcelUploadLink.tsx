import { AnchorButton } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useHref } from 'react-router-dom';
import { messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { routeFeatures } from '../../../routing/route-features';

export type ExcelUploadLinkProps = { table: string };

/**
 * "Excel Yükle", only where the table's excel_import flag is 1 (see docs/requirements.md#shell-lists-and-chat, #departments-and-permissions) and this build has the
 * importer screen it opens.
 */
export function ExcelUploadLink({ table }: ExcelUploadLinkProps): ReactNode {
  const permissions = usePermissions();
  const href = useHref(`/excel/${table}`);
  const flags = permissions.data?.tables.find((entry) => entry.table === table);
  if (!routeFeatures.excelImport || flags?.excel_import !== 1) return null;
  return (
    <AnchorButton
      icon="upload"
      variant="minimal"
      href={href}
      text={messages.excelUpload}
      data-testid="excel-upload-link"
    />
  );
}

import { AnchorButton } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useHref } from 'react-router-dom';
import { messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';

export type ExcelUploadLinkProps = { table: string };

/** "Excel Yükle", only where the table's excel_import flag is 1 (spec 1 §2, §6). */
export function ExcelUploadLink({ table }: ExcelUploadLinkProps): ReactNode {
  const permissions = usePermissions();
  const href = useHref(`/excel/${table}`);
  const flags = permissions.data?.tables.find((entry) => entry.table === table);
  if (flags?.excel_import !== 1) return null;
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

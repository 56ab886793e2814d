import type { ComponentType as ReactComponentType } from 'react';
import type { CellValue, RecordRow } from '../../../../shared/contract';
import type { ComponentType } from '../../../../shared/domain';

/** What a renderer knows about its column: enough to label it and to find its option list. */
export interface FieldDescriptor {
  name: string;
  displayName: string;
  component: ComponentType;
  /** Option-list id for choice fields (selectbox, status, leadStatus), else null. */
  options: number | null;
}

export interface FieldRendererProps {
  value: CellValue | undefined;
  field: FieldDescriptor;
  row: RecordRow;
}

export type FieldRenderer = ReactComponentType<FieldRendererProps>;

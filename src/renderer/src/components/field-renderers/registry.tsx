import type { ReactNode } from 'react';
import type { ComponentType } from '../../../../shared/domain';
import {
  ClickShowValue,
  DecimalValue,
  JsonValue,
  LeadDetailModalValue,
  ModalValue,
} from './component-renderers';
import { EmailValue, LeadLinkValue, NameValue, PermissionValue } from './detail-renderers';
import { LeadStatusCell } from './lead-status/LeadStatusCell';
import {
  BirthdayValue,
  ColorValue,
  DateTimeValue,
  IconValue,
  NumberValue,
  OptionValue,
  PasswordValue,
  TextValue,
} from './renderers';
import type { FieldRenderer, FieldRendererProps } from './types';
import './field-renderers.css';

/**
 * Component name (see docs/requirements.md#records-notes-and-settings) → list-cell renderer, one for every type, so lists never special-case
 * columns. Cells that act (status change, calls, modals) read the table and the modals from
 * FieldRendererContext and only display without it.
 */
export const fieldRenderers: Readonly<Record<ComponentType, FieldRenderer>> = {
  string: TextValue,
  name: NameValue,
  email: EmailValue,
  textField: TextValue,
  json: JsonValue,
  id: NumberValue,
  lead_id: LeadLinkValue,
  integer: NumberValue,
  double: DecimalValue,
  date: DateTimeValue,
  birthday: BirthdayValue,
  selectbox: OptionValue,
  status: OptionValue,
  leadStatus: LeadStatusCell,
  password: PasswordValue,
  color: ColorValue,
  icon: IconValue,
  modal: ModalValue,
  clickShow: ClickShowValue,
  leadDetailModal: LeadDetailModalValue,
  permissionModal: PermissionValue,
};

export function fieldRendererFor(component: ComponentType): FieldRenderer {
  return Object.hasOwn(fieldRenderers, component) ? fieldRenderers[component] : TextValue;
}

/** Renders one value with the renderer its component type asks for. */
export function FieldValue(props: FieldRendererProps): ReactNode {
  const Renderer = fieldRendererFor(props.field.component);
  return <Renderer {...props} />;
}

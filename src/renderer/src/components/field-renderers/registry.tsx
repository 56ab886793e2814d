import type { ReactNode } from 'react';
import type { ComponentType } from '../../../../shared/domain';
import {
  BirthdayValue,
  ColorValue,
  DateTimeValue,
  IconValue,
  LeadStatusValue,
  NumberValue,
  OptionValue,
  PasswordValue,
  TextValue,
} from './renderers';
import type { FieldRenderer, FieldRendererProps } from './types';

/**
 * Component name (spec 1 §3) → list-cell renderer. Types without an entry render as text; later screens
 * (quick status change, quick call, modals, lead links) replace entries here rather than special-casing
 * columns in the list.
 */
export const fieldRenderers: Readonly<Partial<Record<ComponentType, FieldRenderer>>> = {
  string: TextValue,
  name: TextValue,
  email: TextValue,
  textField: TextValue,
  json: TextValue,
  id: NumberValue,
  lead_id: NumberValue,
  integer: NumberValue,
  double: NumberValue,
  date: DateTimeValue,
  birthday: BirthdayValue,
  selectbox: OptionValue,
  status: OptionValue,
  leadStatus: LeadStatusValue,
  password: PasswordValue,
  color: ColorValue,
  icon: IconValue,
};

export function fieldRendererFor(component: ComponentType): FieldRenderer {
  return fieldRenderers[component] ?? TextValue;
}

/** Renders one value with the renderer its component type asks for. */
export function FieldValue(props: FieldRendererProps): ReactNode {
  const Renderer = fieldRendererFor(props.field.component);
  return <Renderer {...props} />;
}

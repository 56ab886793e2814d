import { Classes, Icon } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { CellValue } from '../../../../shared/contract';
import { formatDateTimeTr, formatDateTr } from '../../../../shared/domain';
import type { OptionIndex } from '../../api/options';
import { useFieldOptions, useKnownOptions } from './field-options';
import type { FieldRendererProps } from './types';

/** '' for empty cells; the API sends numbers, strings, booleans or null. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

export function TextValue({ value }: FieldRendererProps): ReactNode {
  return <span className="field-text">{cellText(value)}</span>;
}

/** Numbers keep the server's text: money arrives as decimal strings and must not pass through floats. */
export function NumberValue({ value }: FieldRendererProps): ReactNode {
  return <span className="field-number">{cellText(value)}</span>;
}

export function DateTimeValue({ value }: FieldRendererProps): ReactNode {
  const text = typeof value === 'string' ? formatDateTimeTr(value) : '';
  return <span className="field-date">{text}</span>;
}

/** A birthday has no time of day; "00:00" after it would only be noise. */
export function BirthdayValue({ value }: FieldRendererProps): ReactNode {
  const text = typeof value === 'string' ? formatDateTr(value) : '';
  return <span className="field-date">{text}</span>;
}

/** Choice fields store option values; the label comes from the field's option list. */
export function OptionValue(props: FieldRendererProps): ReactNode {
  const known = useKnownOptions(props.field.component, props.field.options);
  return known ? optionLabel(props.value, known.index) : <QueriedOptionValue {...props} />;
}

/** Without a list the screen resolved, the cell observes its option list itself. */
function QueriedOptionValue({ value, field }: FieldRendererProps): ReactNode {
  return optionLabel(value, useFieldOptions(field.component, field.options).index);
}

function optionLabel(value: CellValue | undefined, index: OptionIndex | undefined): ReactNode {
  const raw = cellText(value);
  if (raw === '') return null;
  const byValue = index?.byValue;
  if (!byValue) return <span className="field-text">{raw}</span>;
  const single = byValue.get(raw);
  // Multiple-choice fields arrive as "1,4,7".
  const label = single
    ? single.label
    : raw
        .split(',')
        .map((part) => byValue.get(part.trim())?.label ?? part.trim())
        .join(', ');
  return <span className="field-text">{label}</span>;
}

/** Password fields are never shown, whatever the server sends. */
export function PasswordValue({ value }: FieldRendererProps): ReactNode {
  return cellText(value) === '' ? null : <span className={Classes.TEXT_MUTED}>••••••</span>;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

export function ColorValue({ value }: FieldRendererProps): ReactNode {
  const raw = cellText(value).trim();
  if (raw === '') return null;
  return (
    <span className="field-color">
      {CSS_COLOR.test(raw) ? <span className="field-color-swatch" style={{ background: raw }} /> : null}
      {raw}
    </span>
  );
}

const KNOWN_ICONS: ReadonlySet<string> = new Set(Object.values(IconNames));

export function IconValue({ value }: FieldRendererProps): ReactNode {
  const raw = cellText(value).trim();
  if (raw === '') return null;
  return (
    <span className="field-icon">
      {KNOWN_ICONS.has(raw) ? <Icon icon={raw as IconName} size={14} /> : null}
      {raw}
    </span>
  );
}

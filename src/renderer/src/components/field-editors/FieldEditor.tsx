import type { ReactNode } from 'react';
import { ClickShowEditor, IconPickerEditor, JsonEditor } from './component-editors';
import {
  ChoiceEditor,
  ColorEditor,
  DateEditor,
  IntegerEditor,
  MoneyEditor,
  ReadOnlyEditor,
  TagsEditor,
  TextAreaEditor,
  TextEditor,
} from './editors';
import { editorKindFor } from './editor-values';
import type { FieldEditorProps } from './types';
import './field-editors.css';

/**
 * One value editor for any field, chosen by its component type (see docs/requirements.md#records-notes-and-settings). Used by the search panel
 * (mode 'filter'), the bulk form, the insert and edit modals (mode 'form').
 */
export function FieldEditor(props: FieldEditorProps): ReactNode {
  const kind = editorKindFor(props.field.component.name, props.mode);
  if (props.multiple && kind !== 'choice') return <TagsEditor {...props} />;
  switch (kind) {
    case 'text':
      return <TextEditor {...props} type="text" />;
    case 'email':
      return <TextEditor {...props} type="email" />;
    case 'password':
      return <TextEditor {...props} type="password" />;
    case 'textarea':
      return <TextAreaEditor {...props} />;
    case 'integer':
      return <IntegerEditor {...props} />;
    case 'decimal':
      return <MoneyEditor {...props} />;
    case 'datetime':
      return <DateEditor {...props} withTime />;
    case 'date':
      return <DateEditor {...props} withTime={false} />;
    case 'choice':
      return <ChoiceEditor {...props} />;
    case 'json':
      return <JsonEditor {...props} />;
    case 'icon':
      return <IconPickerEditor {...props} />;
    case 'clickShow':
      return <ClickShowEditor {...props} />;
    case 'color':
      return <ColorEditor {...props} />;
    case 'display':
      return <ReadOnlyEditor {...props} />;
  }
}

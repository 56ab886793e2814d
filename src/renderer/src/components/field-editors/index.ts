export { FieldEditor } from './FieldEditor';
export { OptionSelect, filterOptions, selectionLabel } from './OptionSelect';
export type { OptionSelectProps, RemoteSearch } from './OptionSelect';
export { EditorTableContext, useEditorTable } from './editor-table';
export { cellToEditorValue, checkJson, editorKindFor, listValue, singleValue } from './editor-values';
export type { EditorKind, JsonCheck } from './editor-values';
export type { FieldEditorMode, FieldEditorProps, FieldEditorValue } from './types';

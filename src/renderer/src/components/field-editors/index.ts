export { FieldEditor } from './FieldEditor';
export { OptionSelect, filterOptions, selectionLabel } from './OptionSelect';
export type { OptionSelectProps } from './OptionSelect';
export {
  cellToEditorValue,
  checkJson,
  dateTimeInputToApi,
  editorKindFor,
  listValue,
  singleValue,
} from './editor-values';
export type { EditorKind, JsonCheck } from './editor-values';
export type { FieldEditorMode, FieldEditorProps, FieldEditorValue } from './types';

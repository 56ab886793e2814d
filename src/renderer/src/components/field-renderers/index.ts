export { FieldValue, fieldRendererFor, fieldRenderers } from './registry';
export { cellText } from './renderers';
export type { FieldDescriptor, FieldRenderer, FieldRendererProps } from './types';

import { createContext, useContext } from 'react';

/**
 * The table whose fields the editors below edit (a list, a record form, the lead's personal info).
 * Choice editors of long option lists use it to search on the server (GET /autocomplete/{table}/{field}),
 * which checks that the user may see that field of that table. Without it they filter what they loaded.
 */
export const EditorTableContext = createContext<string | null>(null);

export function useEditorTable(): string | null {
  return useContext(EditorTableContext);
}

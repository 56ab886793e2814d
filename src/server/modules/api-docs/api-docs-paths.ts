/** Where the API reference lives under the API prefix: the document and its readable page. */
export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PATH = '/docs';

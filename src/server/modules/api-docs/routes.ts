import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi-document';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs-paths';

export { API_DOCS_PATH, OPENAPI_PATH } from './api-docs-paths';

/**
 * Swagger UI's files, served from the swagger-ui-dist package on this machine: the page works offline and
 * loads nothing from elsewhere. Only these few files, never the package's folder as a whole.
 */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

function swaggerUiFolder(): string {
  // The package's index.js would load the whole bundle into the server; its package.json only names it.
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** The page's own start script: a file, not an inline script, so the page's policy can forbid those. */
export const DOCS_SCRIPT = 'docs.js';

function pageHtml(prefix: string): string {
  return `<!doctype html>
<html lang="tr">
  <head>
    <meta charset="utf-8" />
    <title>Aracı Kurum CRM · API</title>
    <link rel="stylesheet" href="${prefix}${API_DOCS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${prefix}${API_DOCS_PATH}/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui" data-spec="${prefix}${OPENAPI_PATH}"></div>
    <script src="${prefix}${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${prefix}${API_DOCS_PATH}/${DOCS_SCRIPT}"></script>
  </body>
</html>
`;
}

const START_SCRIPT = `(function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    validatorUrl: null,
    persistAuthorization: false,
  });
})();
`;

/**
 * GET /openapi.json (the document, built once from the contract) and GET /docs (Swagger UI over it).
 * Public like /health: the document describes the API, it holds no data. See
 * docs/architecture.md#api-reference.
 */
export function registerApiDocsRoutes(app: FastifyInstance, apiPrefix: string): void {
  const document = JSON.stringify(buildOpenApiDocument(apiPrefix));
  const page = pageHtml(apiPrefix);
  const folder = swaggerUiFolder();

  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  app.get(API_DOCS_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get(`${API_DOCS_PATH}/${DOCS_SCRIPT}`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(START_SCRIPT),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`${API_DOCS_PATH}/${file}`, async (_request, reply) =>
      reply.type(type).send(createReadStream(join(folder, file))),
    );
  }
}

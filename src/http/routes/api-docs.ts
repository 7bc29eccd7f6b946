/**
 * The API reference at /docs: Swagger UI from the swagger-ui-dist package, served by phishgate itself
 * (no CDN, nothing fetched from elsewhere), reading this server's /v1/openapi.json (docs/api.md).
 * Public like the document it renders: it shows no data, and "Try it out" needs the user's own key.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>phishgate REST API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script, so the page works under a Content-Security-Policy without 'unsafe-inline'.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
  validatorUrl: null,
});
`;

let cached: Map<string, { type: string; body: Buffer }> | null = null;

/** Page, initialiser and the package's files, read once per process. */
function loadAssets(): Map<string, { type: string; body: Buffer }> {
  if (cached) return cached;
  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, { type: string; body: Buffer }>();
  for (const [name, type] of Object.entries(ASSETS)) files.set(name, { type, body: readFileSync(join(root, name)) });
  files.set('init.js', { type: 'application/javascript; charset=utf-8', body: Buffer.from(INIT) });
  cached = files;
  return files;
}

export function apiDocsRoutes(app: FastifyInstance): void {
  const files = loadAssets();
  const page = Buffer.from(PAGE);
  const security = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
  app.get('/docs', { config: { scope: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Content-Security-Policy', security).header('Cache-Control', 'no-cache').send(page),
  );
  app.get<{ Params: { file: string } }>('/docs/:file', { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const file = files.get(request.params.file);
    if (!file) throw new AppError('not_found', `No file ${request.params.file.slice(0, 100)} under /docs`);
    return reply.type(file.type).header('Cache-Control', 'public, max-age=86400').header('X-Content-Type-Options', 'nosniff').send(file.body);
  });
}

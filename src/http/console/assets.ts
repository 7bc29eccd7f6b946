/**
 * The console's static files, served from the repository (no build step, no CDN): its own CSS and
 * script from `assets/console/`, and uPlot from its npm package (pinned in package.json). Read once at
 * start-up; the set is fixed, so no request path ever reaches the filesystem.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from './context.js';

/** `assets/console` sits three levels above this file both in `src/http/console` and `dist/http/console`. */
const OWN = fileURLToPath(new URL('../../../assets/console/', import.meta.url));
const UPLOT = join(dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist');

const FILES: Record<string, { path: string; type: string }> = {
  'console.css': { path: join(OWN, 'console.css'), type: 'text/css; charset=utf-8' },
  'console.js': { path: join(OWN, 'console.js'), type: 'text/javascript; charset=utf-8' },
  'charts.js': { path: join(OWN, 'charts.js'), type: 'text/javascript; charset=utf-8' },
  'favicon.svg': { path: join(OWN, 'favicon.svg'), type: 'image/svg+xml' },
  'uplot.js': { path: join(UPLOT, 'uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  'uplot.css': { path: join(UPLOT, 'uPlot.min.css'), type: 'text/css; charset=utf-8' },
};

export function assetRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  for (const [name, file] of Object.entries(FILES)) {
    const body = readFileSync(file.path);
    app.get(ctx.at(`/assets/${name}`), { config: { scope: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').type(file.type).send(body),
    );
  }
}

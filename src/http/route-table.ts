import type { FastifyInstance } from 'fastify';

/**
 * Which methods each registered path answers, so a known path asked with another method gets
 * 405 with `Allow` (RFC 9110 §15.5.6) instead of 404, and a CORS preflight can name the methods.
 * Filled by an `onRoute` hook, so it sees every route, plugins' included.
 */
export interface RouteTable {
  /** Methods registered for the path (HEAD included where Fastify adds it); null when no route matches. */
  methodsFor(path: string): string[] | null;
}

interface Pattern {
  regex: RegExp;
  methods: Set<string>;
}

const escape = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/v1/analyses/:id` → `^/v1/analyses/[^/]+$`. Wildcard routes are left out: they match every path. */
function patternOf(url: string): RegExp | null {
  if (url.includes('*')) return null;
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${source}$`);
}

export function installRouteTable(app: FastifyInstance): RouteTable {
  const byUrl = new Map<string, Pattern>();
  app.addHook('onRoute', (route) => {
    const regex = patternOf(route.url);
    if (!regex) return;
    const pattern = byUrl.get(route.url) ?? { regex, methods: new Set<string>() };
    for (const method of [route.method].flat()) pattern.methods.add(method.toUpperCase());
    byUrl.set(route.url, pattern);
  });
  return {
    methodsFor(path) {
      const methods = new Set<string>();
      for (const pattern of byUrl.values()) if (pattern.regex.test(path)) pattern.methods.forEach((m) => methods.add(m));
      return methods.size ? [...methods].sort() : null;
    },
  };
}

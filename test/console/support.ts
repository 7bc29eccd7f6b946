/**
 * Drives the console through `app.inject` like a browser would: keeps cookies, reads the CSRF token
 * from the pages, posts forms as application/x-www-form-urlencoded.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface ConsoleClient {
  cookies: Map<string, string>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, fields: Record<string, string | string[]>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The CSRF token of the signed-in session, as its pages carry it. */
  csrf(): Promise<string>;
}

export function formBody(fields: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) search.append(name, v);
  return search.toString();
}

export function consoleClient(h: { app: FastifyInstance }): ConsoleClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: LightMyRequestResponse) => {
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    return response;
  };
  const client: ConsoleClient = {
    cookies,
    get: async (url) => remember(await h.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader() } })),
    post: async (url, fields, headers = {}) =>
      remember(
        await h.app.inject({
          method: 'POST',
          url,
          headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: formBody(fields),
        }),
      ),
    async csrf() {
      const page = await client.get('/');
      const match = /name="_csrf" value="([^"]+)"/.exec(page.body);
      if (!match) throw new Error(`no CSRF token on / (status ${page.statusCode})`);
      return match[1]!;
    },
  };
  return client;
}

/** Signs in with an API key through the real form; returns the client holding the session cookie. */
export async function signIn(h: { app: FastifyInstance }, key: string): Promise<ConsoleClient> {
  const client = consoleClient(h);
  const form = await client.get('/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1];
  if (!token) throw new Error('sign-in form has no token');
  const response = await client.post('/sign-in', { _csrf: token, api_key: key });
  if (response.statusCode !== 303) throw new Error(`sign-in answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return client;
}

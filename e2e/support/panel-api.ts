import type { Page } from '@playwright/test';

/** The client key the web app sends (the panel's default configuration). */
const API_KEY = 'outpost-web';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The panel's /api as the signed-in browser of `page` calls it: a JWT from its session, the client
 * key, and the envelope's `data` (any other answer throws, with the status and the body).
 */
export const panelApi = async (page: Page) => {
  const { jwt } = (await (await page.request.post('/v1/account/jwts')).json()) as { jwt: string };
  const headers = { Authorization: `Bearer ${jwt}`, 'X-API-Key': API_KEY };
  const send = (method: Method, url: string, data?: unknown) => page.request[method](url, { headers, data });
  const call = async <T>(method: Method, url: string, data?: unknown): Promise<T> => {
    // A kept-alive connection the server closed as idle just as the call went out is reset before
    // the server read anything: sent again on a new one, as a browser does.
    const res = await send(method, url, data).catch((error: Error) => {
      if (!error.message.includes('ECONNRESET')) throw error;
      return send(method, url, data);
    });
    if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    get: <T>(url: string) => call<T>('get', url),
    post: <T>(url: string, data: unknown) => call<T>('post', url, data),
    put: <T>(url: string, data: unknown) => call<T>('put', url, data),
    patch: <T>(url: string, data: unknown) => call<T>('patch', url, data),
    delete: <T>(url: string) => call<T>('delete', url),
  };
};

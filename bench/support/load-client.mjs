// The load generators' HTTP client: undici's request over keep-alive connections, one per worker.
// On 2 cores the client shares the machine with what it measures; fetch cost it about 1.3 ms of
// CPU per 10 KB heartbeat against about 0.3 ms here, time taken from the panel, PostgreSQL and nginx.
import { Agent, request } from 'undici';

/** A client of `connections` connections per origin; close() when done. */
export const loadClient = ({ connections }) => {
  const dispatcher = new Agent({ connections });
  const send = (method, url, { headers, body } = {}) => request(url, { method, dispatcher, headers, body });
  const isOk = (status) => status >= 200 && status < 300;
  return {
    /** Whether the answer was 2xx (its body read and dropped). */
    async ok(method, url, options) {
      const response = await send(method, url, options);
      await response.body.dump();
      return isOk(response.statusCode);
    },
    /** The answer's JSON when it was 2xx, else null. */
    async json(method, url, options) {
      const response = await send(method, url, options);
      if (isOk(response.statusCode)) return response.body.json();
      await response.body.dump();
      return null;
    },
    close: () => dispatcher.close(),
  };
};

/** A plugin call's options: its server token and JSON body. */
export const pluginCall = (token, body) => ({
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body,
});

// The product base query (spec section 7 "Product API", DESIGN section 3): JSON, X-API-Key, the
// bearer JWT, cookies, and one error shape whether the failure came from /api, from the
// Appwrite-shaped /v1 identity API, from a proxy, or from the network.
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ApiErrorDetail } from '@outpost/contracts';
import { getApiClientConfig, readStoredJwt } from './config';
import type { AuthState } from './auth-slice';

export type ApiClientError = {
  /** The HTTP status, or RTK Query's marker when no response arrived. */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /** A message for a person. */
  message: string;
  /** The product API's machine code (e.g. NOT_FOUND), or the identity API's error type. */
  code?: string;
  details?: ApiErrorDetail[];
};

export type ProductBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiClientError,
  object,
  FetchBaseQueryMeta
>;

export type ProductBaseQueryOptions = {
  /** Fixed origin; when left out, the one given to configureApiClient is read on every call. */
  baseUrl?: string;
  /** For tests and instrumentation; defaults to the global fetch at call time. */
  fetchFn?: typeof fetch;
};

type QueryValue = string | number | boolean | null | undefined;

/** Empty query values (undefined, null, '') are left out, so optional filters need no special casing. */
export const serializeQuery = (params: Record<string, QueryValue | readonly QueryValue[]>): string => {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value === undefined || value === null || value === '') continue;
      search.append(key, String(value));
    }
  }
  return search.toString();
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const currentJwt = (state: unknown): string | null =>
  (isRecord(state) ? (state as { auth?: AuthState }).auth?.jwt : null) ?? readStoredJwt();

const bodyIsRaw = (args: string | FetchArgs): boolean => {
  if (typeof args === 'string') return false;
  const body: unknown = args.body;
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
};

/** A failed call before mapping: the status (or why there is none), the body, the error text. */
type RawFailure = {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  data?: unknown;
  error?: string;
};

const toClientError = (failure: RawFailure, response: Response | undefined): ApiClientError => {
  const fromBody: Partial<ApiClientError> = {};
  if (isRecord(failure.data)) {
    const data = failure.data;
    // /api answers {error, code, details}; /v1 answers Appwrite's {message, code: <status>, type}.
    const text = typeof data.error === 'string' ? data.error : data.message;
    if (typeof text === 'string' && text) fromBody.message = text;
    const code = typeof data.code === 'string' ? data.code : data.type;
    if (typeof code === 'string' && code) fromBody.code = code;
    if (Array.isArray(data.details)) fromBody.details = data.details as ApiErrorDetail[];
  }
  const message =
    fromBody.message ||
    response?.statusText ||
    failure.error ||
    (typeof failure.status === 'number' ? `Request failed with status ${failure.status}` : 'Request failed');
  return { status: response?.status ?? failure.status, ...fromBody, message };
};

/** JSON when the server says so, an image as a Blob, else text; '' for an empty body (a 204). */
const readBody = async (response: Response): Promise<unknown> => {
  if (response.ok && response.headers.get('Content-Type')?.startsWith('image/')) return response.blob();
  const text = await response.text();
  if (!text) return '';
  return response.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : text;
};

/** As RTK Query joins them: an absolute URL stands alone, else one slash between the two. */
const joinUrl = (baseUrl: string, url: string): string => {
  if (!baseUrl || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  if (!url) return baseUrl;
  return `${baseUrl.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
};

/** Plain objects and arrays (and anything with toJSON) are sent as JSON, as RTK Query does. */
const isJsonifiable = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (Array.isArray(body) ||
    Object.getPrototypeOf(body) === Object.prototype ||
    Object.getPrototypeOf(body) === null ||
    typeof (body as { toJSON?: unknown }).toJSON === 'function');

/** A header record may hold undefined for "not set"; those are left out, not sent as "undefined". */
const headersOf = (given: FetchArgs['headers']): Headers => {
  if (!given || given instanceof Headers || Array.isArray(given)) return new Headers(given as HeadersInit);
  const headers = new Headers();
  for (const [name, value] of Object.entries(given)) if (value !== undefined) headers.set(name, value);
  return headers;
};

/**
 * The request of one call. FetchArgs' url, method, params, body, headers and credentials are
 * honoured (cookies are included unless a call says otherwise); RTK Query's fetchBaseQuery-only
 * options (responseHandler, validateStatus, timeout) are not used by the panel and not read.
 */
const buildRequest = (args: string | FetchArgs, baseUrl: string, state: unknown): Request => {
  const {
    url,
    method,
    params,
    body,
    headers: given,
    credentials,
  } = typeof args === 'string' ? ({ url: args } as FetchArgs) : args;
  const query = params ? serializeQuery(params as Record<string, QueryValue>) : '';
  const headers = headersOf(given);
  headers.set('X-API-Key', getApiClientConfig().apiKey);
  const json = isJsonifiable(body);
  if (!headers.has('Content-Type') && !bodyIsRaw(args)) headers.set('Content-Type', 'application/json');
  const jwt = currentJwt(state);
  if (jwt && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${jwt}`);
  const target = joinUrl(baseUrl, url);
  return new Request(query ? `${target}${target.includes('?') ? '&' : '?'}${query}` : target, {
    method,
    headers,
    credentials: credentials ?? 'include',
    body: json && headers.get('Content-Type')?.includes('json') ? JSON.stringify(body) : (body as BodyInit),
  });
};

/**
 * The product base query on the browser's fetch. It is not RTK Query's fetchBaseQuery on purpose:
 * the shell makes its session calls with it before the API cache (and RTK Query) loads.
 */
export const createProductBaseQuery =
  (options: ProductBaseQueryOptions = {}): ProductBaseQuery =>
  async (args, api) => {
    const request = buildRequest(args, options.baseUrl ?? getApiClientConfig().baseUrl, api.getState());
    const meta: FetchBaseQueryMeta = { request };
    let response: Response;
    try {
      response = await (options.fetchFn ?? fetch)(request, { signal: api.signal });
    } catch (error) {
      return { error: toClientError({ status: 'FETCH_ERROR', error: String(error) }, undefined), meta };
    }
    meta.response = response;
    let body: unknown;
    try {
      body = await readBody(response);
    } catch (error) {
      return { error: toClientError({ status: 'PARSING_ERROR', error: String(error) }, response), meta };
    }
    // A 2xx that still says {success: false} is a failure all the same.
    if (!response.ok || (isRecord(body) && body.success === false))
      return { error: toClientError({ status: response.status, data: body }, response), meta };
    if (body === '') return { data: null, meta }; // 204, or an empty 200
    return { data: isRecord(body) && 'data' in body ? body.data : body, meta };
  };

/** The base query of the panel's one createApi; follows configureApiClient. */
export const productBaseQuery = createProductBaseQuery();

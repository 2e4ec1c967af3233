// The product base query (spec section 7 "Product API", DESIGN section 3): JSON, X-API-Key, the
// bearer JWT, cookies, and one error shape whether the failure came from /api, from the
// Appwrite-shaped /v1 identity API, from a proxy, or from the network.
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
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

const toClientError = (error: FetchBaseQueryError, response: Response | undefined): ApiClientError => {
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  const data = 'data' in error ? error.data : undefined;
  const fromBody: Partial<ApiClientError> = {};
  if (isRecord(data)) {
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
    ('error' in error && typeof error.error === 'string' ? error.error : '') ||
    (typeof status === 'number' ? `Request failed with status ${status}` : 'Request failed');
  return { status, ...fromBody, message };
};

export const createProductBaseQuery = (options: ProductBaseQueryOptions = {}): ProductBaseQuery => {
  // fetchBaseQuery fixes its baseUrl at creation, and the configured one may change at boot.
  const byBaseUrl = new Map<string, ReturnType<typeof fetchBaseQuery>>();
  const forBaseUrl = (baseUrl: string) => {
    let query = byBaseUrl.get(baseUrl);
    if (!query) {
      query = fetchBaseQuery({
        baseUrl,
        credentials: 'include',
        responseHandler: 'content-type',
        paramsSerializer: serializeQuery,
        fetchFn: (...args) => (options.fetchFn ?? fetch)(...args),
        prepareHeaders: (headers, { getState, arg }) => {
          headers.set('X-API-Key', getApiClientConfig().apiKey);
          if (!headers.has('Content-Type') && !bodyIsRaw(arg))
            headers.set('Content-Type', 'application/json');
          const jwt = currentJwt(getState());
          if (jwt && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${jwt}`);
          return headers;
        },
      });
      byBaseUrl.set(baseUrl, query);
    }
    return query;
  };

  return async (args, api, extraOptions) => {
    const baseUrl = options.baseUrl ?? getApiClientConfig().baseUrl;
    const result = await forBaseUrl(baseUrl)(args, api, extraOptions as object);
    const meta = result.meta;
    if (result.error) return { error: toClientError(result.error, meta?.response), meta };
    const body = result.data;
    // A 2xx that still says {success: false} is a failure all the same.
    if (isRecord(body) && body.success === false) {
      const status = meta?.response?.status ?? 200;
      return { error: toClientError({ status, data: body }, meta?.response), meta };
    }
    if (body === '' || body === undefined) return { data: null, meta }; // 204, or an empty 200
    return { data: isRecord(body) && 'data' in body ? body.data : body, meta };
  };
};

/** The base query of the panel's one createApi; follows configureApiClient. */
export const productBaseQuery = createProductBaseQuery();

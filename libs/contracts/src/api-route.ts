// How an API route is written (its method, pattern and path builder), and the few routes the
// landing page calls. Kept out of api-paths.ts: a bundle that names only PUBLIC_API_PATHS ('/')
// does not carry the whole table. API_PATHS holds these too.

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** The `:names` of a route pattern, in order. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Strings<T extends string[]> = { [K in keyof T]: string };

/** One string per `:param` of the pattern, in its order. */
export type ApiPathArgs<P extends string> = Strings<ParamNames<P>>;

export type ApiRoute<M extends ApiMethod = ApiMethod, P extends string = string> = {
  readonly method: M;
  /** As the API declares it (Express syntax), e.g. `/api/networks/:id/members/:memberId`. */
  readonly pattern: P;
  /** The path with each param URL-encoded, e.g. `/api/networks/n%2F1/members/m1`. */
  readonly path: (...params: ApiPathArgs<P>) => string;
  /** The path and the method, as RTK Query's FetchArgs (add `body`, `params` or headers beside them). */
  readonly request: (...params: ApiPathArgs<P>) => { url: string; method: M };
};

const PARAM = /:[A-Za-z_]\w*/g;

export const apiRoute = <M extends ApiMethod, P extends `/api/${string}`>(
  method: M,
  pattern: P,
): ApiRoute<M, P> => {
  const path = (...params: string[]): string => {
    let next = 0;
    return pattern.replace(PARAM, () => encodeURIComponent(params[next++] as string));
  };
  return {
    method,
    pattern,
    path: path as ApiRoute<M, P>['path'],
    request: ((...params: string[]) => ({ url: path(...params), method })) as ApiRoute<M, P>['request'],
  };
};

/**
 * The routes a signed-out visitor's landing page calls, apart from the table: a build that names
 * only these (mfe-landing, on '/') does not carry every route of the API.
 */
export const PUBLIC_API_PATHS = /* @__PURE__ */ (() => ({
  getMeta: apiRoute('GET', '/api/meta'),
  getPublicStats: apiRoute('GET', '/api/public/stats'),
}))();

import { ERROR_CODES, ERROR_STATUS, apiFailure, apiSuccess, isApiFailure } from './index';

describe('API envelope (DESIGN section 3)', () => {
  it('maps every error code to the status DESIGN section 3 names', () => {
    expect(ERROR_STATUS).toEqual({
      VALIDATION_FAILED: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      DEMO_READ_ONLY: 403,
      plan_required: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      GONE: 410,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      HEADERS_TOO_LARGE: 431,
      RATE_LIMITED: 429,
      INTERNAL: 500,
      DATABASE_UNAVAILABLE: 503,
    });
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('builds success and failure bodies', () => {
    expect(apiSuccess({ id: 'n1' })).toEqual({ success: true, data: { id: 'n1' } });
    expect(apiFailure('NOT_FOUND', 'Network not found')).toEqual({
      success: false,
      error: 'Network not found',
      code: 'NOT_FOUND',
    });
    expect(
      apiFailure('VALIDATION_FAILED', 'Server name is required', [
        { field: 'name', message: 'Server name is required' },
      ]),
    ).toEqual({
      success: false,
      error: 'Server name is required',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'name', message: 'Server name is required' }],
    });
  });

  it('recognises a failure body', () => {
    expect(isApiFailure(apiFailure('FORBIDDEN', 'No'))).toBe(true);
    expect(isApiFailure(apiSuccess(1))).toBe(false);
    expect(isApiFailure(null)).toBe(false);
    expect(isApiFailure({ success: false })).toBe(false);
  });
});

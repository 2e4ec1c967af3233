import { createNetworkSchema, playersQuerySchema, validateRequest, zodIssuesToDetails } from './index';

describe('players query (spec sections 7 and 9)', () => {
  it('defaults to page 1 of 20, newest seen first', () => {
    expect(playersQuerySchema.parse({ networkId: 'n' })).toEqual({
      networkId: 'n',
      page: 1,
      limit: 20,
      sortBy: 'lastSeen',
      sortOrder: 'desc',
    });
  });

  it('treats empty query values as absent', () => {
    expect(
      playersQuerySchema.parse({
        networkId: 'n',
        serverId: '',
        search: '',
        page: '',
        limit: '',
        sortBy: '',
        sortOrder: '',
      }),
    ).toEqual({ networkId: 'n', page: 1, limit: 20, sortBy: 'lastSeen', sortOrder: 'desc' });
  });

  it('reads numbers and filters from query strings', () => {
    expect(
      playersQuerySchema.parse({
        networkId: 'n',
        serverId: 's1',
        search: ' rai ',
        page: '3',
        limit: '100',
        sortBy: 'playtime',
        sortOrder: 'asc',
      }),
    ).toEqual({
      networkId: 'n',
      serverId: 's1',
      search: 'rai',
      page: 3,
      limit: 100,
      sortBy: 'playtime',
      sortOrder: 'asc',
    });
  });

  it.each([
    [{ page: '0' }, 'page', 'Page must be a whole number of 1 or more'],
    [{ page: 'two' }, 'page', 'Page must be a whole number of 1 or more'],
    [{ page: '1.5' }, 'page', 'Page must be a whole number of 1 or more'],
    [{ limit: '0' }, 'limit', 'Limit must be a whole number from 1 to 100'],
    [{ limit: '101' }, 'limit', 'Limit must be a whole number from 1 to 100'],
    [{ sortBy: 'ipAddress' }, 'sortBy', expect.stringMatching(/^Sort column must be one of displayName, /)],
    [{ sortOrder: 'up' }, 'sortOrder', 'Sort order must be asc or desc'],
    [{ search: 's'.repeat(101) }, 'search', 'Search must be 100 characters or less'],
  ])('refuses %j', (query, field, message) => {
    expect(validateRequest(playersQuerySchema, { networkId: 'n', ...query })).toMatchObject({
      success: false,
      details: [{ field, message }],
    });
  });

  it('needs a network', () => {
    expect(validateRequest(playersQuerySchema, {})).toMatchObject({ error: 'Network is required' });
  });
});

describe('zodIssuesToDetails', () => {
  it('joins nested paths with dots and keeps one message per field', () => {
    const result = createNetworkSchema.safeParse({
      name: '',
      gradient: { from: 'x', to: 'y', direction: '1deg' },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToDetails(result.error)).toEqual([
      { field: 'name', message: 'Network name is required' },
      { field: 'gradient.from', message: 'Gradient colours must be hex colours such as #3b82f6' },
      { field: 'gradient.to', message: 'Gradient colours must be hex colours such as #3b82f6' },
      {
        field: 'gradient.direction',
        message: 'Gradient direction must be one of 45deg, 135deg, 90deg, 0deg, 270deg, 180deg',
      },
    ]);
  });

  it('names the whole body with an empty field', () => {
    expect(validateRequest(createNetworkSchema, 'not an object')).toMatchObject({
      success: false,
      details: [{ field: '' }],
    });
  });
});

import { createTestApp, type TestApp } from './support';

const LINK_URL = 'http://localhost:3000/auth/magic-link';

describe('POST /v1/account/tokens/magic-url with SIGN_IN_LIMIT_PER_IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', SIGN_IN_LIMIT_PER_IP: '3' } });
  });
  afterAll(() => t.close());

  it('lets one IP ask for as many links as configured, then answers 429', async () => {
    const ask = (email: string) =>
      t.http
        .post('/v1/account/tokens/magic-url')
        .set('X-Forwarded-For', '203.0.113.77')
        .send({ userId: 'unique()', email, url: LINK_URL });
    for (const n of [1, 2, 3]) await ask(`limit${n}@example.com`).expect(201);
    const refused = await ask('limit4@example.com').expect(429);
    expect(refused.body.type).toBe('general_rate_limit_exceeded');
  });
});

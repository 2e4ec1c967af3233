import { createTestApp, type TestApp } from './support';

const ROUTES: [string, string][] = [
  ['get', '/v1/account'],
  ['post', '/v1/account/jwts'],
  ['post', '/v1/account/tokens/magic-url'],
  ['post', '/v1/account/sessions/token'],
  ['post', '/v1/account/sessions/demo'],
  ['delete', '/v1/account/sessions/current'],
  ['get', '/v1/account/sessions/oauth2/{provider}'],
  ['get', '/v1/account/sessions/oauth2/callback/{provider}'],
  ['post', '/api/users/check-username'],
  ['get', '/api/users/me'],
  ['patch', '/api/users/me'],
  ['put', '/api/users/me/username'],
  ['patch', '/api/users/me/username'],
  ['post', '/api/users/me/plan/upgrade'],
  ['get', '/api/users/me/sessions'],
  ['delete', '/api/users/me/sessions/{id}'],
];

describe('OpenAPI of the identity and users routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every route with a summary', async () => {
    const { body } = await t.http.get('/api/docs-json').expect(200);
    const paths = body.paths as Record<string, Record<string, { summary?: string }>>;
    const undocumented = ROUTES.filter(([method, path]) => !paths[path]?.[method]?.summary);
    expect(undocumented).toEqual([]);
  });

  it('describes the profile and Appwrite models', async () => {
    const { body } = await t.http.get('/api/docs-json').expect(200);
    const schemas = body.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(schemas.UserProfileDto?.properties ?? {})).toEqual(
      expect.arrayContaining(['$id', 'email', 'name', 'username', 'avatar', 'isUpgraded', 'plan']),
    );
    expect(Object.keys(schemas.AppwriteAccount?.properties ?? {})).toEqual(
      expect.arrayContaining(['$id', 'email', 'name', 'emailVerification']),
    );
  });
});

// The ORM's statements reach the database with their values as bound parameters, not written
// into the statement's text (core/database/bound-parameters.ts), on SQLite and PostgreSQL alike.
import { RequestContext } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support';

type Sent = { sql: string; bindings?: unknown[] };

describe('values as bound parameters', () => {
  let t: TestApp;
  let sent: Sent[];
  beforeAll(async () => {
    t = await createTestApp();
    const knex = (t.orm.em as unknown as { getKnex(): Knex }).getKnex();
    knex.on('query', (query: Sent) => sent.push(query));
  });
  beforeEach(() => (sent = []));
  afterAll(() => t.close());

  const inContext = <T>(work: () => Promise<T>) => RequestContext.create(t.orm.em, work);

  it('sends a lookup with its value bound, never in the text', async () => {
    const email = "o'brien'); drop table users; --@example.com";
    const found = await inContext(() => t.orm.em.fork().find(User, { email }));
    expect(found).toEqual([]);
    const lookup = sent.find((query) => query.bindings?.includes(email));
    expect(lookup?.sql).toMatch(/\?|\$1/);
    expect(sent.some((query) => query.sql.includes('brien'))).toBe(false);
    expect(await inContext(() => t.orm.em.fork().count(User))).toBeGreaterThanOrEqual(0);
  });

  it('binds the values of inserts and updates too', async () => {
    const name = 'Bobby "Tables" \\ O\'Neil';
    await inContext(async () => {
      const em = t.orm.em.fork();
      const user = em.create(User, {
        id: `bound-${Date.now()}`,
        email: `bound-${Date.now()}@example.com`,
        name,
        emailVerified: true,
      });
      await em.flush();
      user.name = `${name} 2`;
      await em.flush();
    });
    expect(sent.some((query) => query.sql.includes('Tables'))).toBe(false);
    expect(sent.some((query) => query.bindings?.includes(name))).toBe(true);
    expect(sent.some((query) => query.bindings?.includes(`${name} 2`))).toBe(true);
  });
});

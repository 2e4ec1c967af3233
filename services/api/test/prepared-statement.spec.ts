import { PreparedStatement } from '../src/core/database/prepared-statement';
import { sqlEm } from '../src/core/database/sql';
import { createTestApp, type TestApp } from './support';

describe('PreparedStatement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ECHO = new PreparedStatement<{ word: string; n: number | string }>(
    'select ? as word, (select count(*) from app_meta) + ? as n',
  );

  it('answers rows for its values, run after run, with the values bound (not written into the SQL)', async () => {
    const em = t.orm.em.fork();
    const first = await ECHO.rows(em, ["it's", 1]);
    const second = await ECHO.rows(em, ['again', 2]);
    expect(first).toHaveLength(1);
    expect(first[0]?.word).toBe("it's");
    expect(second[0]?.word).toBe('again');
    expect(Number(second[0]?.n) - Number(first[0]?.n)).toBe(1);
  });

  it('prepares a statement once per connection (SQLite) or under one name (PostgreSQL)', async () => {
    const em = t.orm.em.fork();
    const client = sqlEm(em).getKnex().client as unknown as {
      dialect: string;
      acquireConnection(): Promise<Record<string, unknown>>;
      releaseConnection(connection: unknown): Promise<unknown>;
    };
    const connection = await client.acquireConnection();
    await client.releaseConnection(connection);
    const method = client.dialect === 'postgresql' ? 'query' : 'prepare';
    const spy = jest.spyOn(connection as Record<string, (...args: unknown[]) => unknown>, method);
    try {
      await ECHO.rows(em, ['a', 0]);
      await ECHO.rows(em, ['b', 0]);
      const calls = spy.mock.calls;
      if (method === 'prepare') expect(calls.length).toBeLessThanOrEqual(1);
      else {
        const names = calls.map(([config]) => (config as { name?: string }).name);
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names).size).toBe(1);
        expect(names[0]).toMatch(/^outpost_[0-9a-f]{16}$/);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('runs on the connection of the transaction it is called in (SQLite has only the one)', async () => {
    const rows = await t.orm.em.fork().transactional((em) => ECHO.rows(em, ['inside', 0]));
    expect(rows[0]?.word).toBe('inside');
  });
});

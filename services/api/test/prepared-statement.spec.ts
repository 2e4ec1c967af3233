import { DriverException } from '@mikro-orm/core';
import { boundRows, PreparedStatement } from '../src/core/database/prepared-statement';
import { sqlEm } from '../src/core/database/sql';
import { createTestApp, type TestApp } from './support';

type Client = {
  dialect: string;
  acquireConnection(): Promise<Record<string, (...args: unknown[]) => unknown>>;
  releaseConnection(connection: unknown): Promise<unknown>;
};

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

  it('binds dates and booleans as the ORM stores them', async () => {
    const em = t.orm.em.fork();
    const at = new Date('2026-11-23T12:00:00.000Z');
    const [row] = await new PreparedStatement<{ later: number | boolean; yes: number | boolean }>(
      'select (? > ?) as later, (? = ?) as yes',
    ).rows(em, [at, new Date(at.getTime() - 1000), true, true]);
    expect(Boolean(row?.later)).toBe(true);
    expect(Boolean(row?.yes)).toBe(true);
  });

  it('prepares a statement once per connection (SQLite) or under one name (PostgreSQL)', async () => {
    const em = t.orm.em.fork();
    const client = sqlEm(em).getKnex().client as unknown as Client;
    await ECHO.rows(em, ['warm', 0]);
    const connection = await client.acquireConnection();
    await client.releaseConnection(connection);
    const method = client.dialect === 'postgresql' ? 'query' : 'prepare';
    const spy = jest.spyOn(connection, method);
    try {
      await ECHO.rows(em, ['a', 0]);
      await ECHO.rows(em, ['b', 0]);
      if (method === 'prepare') expect(spy).not.toHaveBeenCalled();
      else {
        // The pool may hand out another connection: every call that reached this one was by name.
        const names = spy.mock.calls.map(([config]) => (config as { name?: string }).name);
        for (const name of names) expect(name).toMatch(/^outpost_[0-9a-f]{16}$/);
        expect(new Set(names).size).toBeLessThanOrEqual(1);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('runs on the connection of the transaction it is called in (SQLite has only the one)', async () => {
    const rows = await t.orm.em.fork().transactional((em) => ECHO.rows(em, ['inside', 0]));
    expect(rows[0]?.word).toBe('inside');
  });

  it("is prepared on a transaction's connection as well: once (SQLite) or by its name (PostgreSQL)", async () => {
    await t.orm.em.fork().transactional(async (em) => {
      const transaction = sqlEm(em).getTransactionContext<{ client: Client }>();
      const client = transaction?.client as Client;
      await ECHO.rows(em, ['warm', 0]);
      const connection = await client.acquireConnection();
      const method = client.dialect === 'postgresql' ? 'query' : 'prepare';
      const spy = jest.spyOn(connection, method);
      try {
        const rows = await ECHO.rows(em, ['inside', 0]);
        expect(rows[0]?.word).toBe('inside');
        if (method === 'prepare') expect(spy).not.toHaveBeenCalled();
        else
          expect(spy.mock.calls.map(([config]) => (config as { name?: string }).name)).toEqual([
            expect.stringMatching(/^outpost_[0-9a-f]{16}$/),
          ]);
      } finally {
        spy.mockRestore();
      }
    });
  });

  it("runs PostgreSQL's own text on PostgreSQL, in a transaction too", async () => {
    const dialect = (sqlEm(t.orm.em).getKnex().client as unknown as Client).dialect;
    const WHICH = new PreparedStatement<{ word: string; db: string }>("select ? as word, 'sqlite' as db", {
      postgresql: "select ? as word, 'postgresql' as db",
    });
    const expected = dialect === 'postgresql' ? 'postgresql' : 'sqlite';
    expect(await WHICH.rows(t.orm.em.fork(), ['out'])).toEqual([{ word: 'out', db: expected }]);
    const inside = await t.orm.em.fork().transactional((em) => WHICH.rows(em, ['in']));
    expect(inside).toEqual([{ word: 'in', db: expected }]);
  });

  it("fails with the driver's exception, as the ORM's queries do", async () => {
    const broken = new PreparedStatement('select * from no_such_table where id = ?');
    await expect(broken.rows(t.orm.em.fork(), ['x'])).rejects.toBeInstanceOf(DriverException);
  });
});

describe('boundRows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ECHO = 'select ? as word, (select count(*) from app_meta) + ? as n';

  it('answers the rows the ORM answers for the same statement and values, unprepared', async () => {
    const em = t.orm.em.fork();
    const client = sqlEm(em).getKnex().client as unknown as Client;
    const connection = await client.acquireConnection();
    await client.releaseConnection(connection);
    const spy = client.dialect === 'postgresql' ? jest.spyOn(connection, 'query') : null;
    try {
      const rows = await boundRows<Record<string, unknown>>(em, ECHO, ["it's", 1]);
      expect(rows).toEqual(await sqlEm(em).execute(ECHO, ["it's", 1]));
      expect(rows[0]?.word).toBe("it's");
      for (const [config] of spy?.mock.calls ?? [])
        expect((config as { name?: string }).name).toBeUndefined();
    } finally {
      spy?.mockRestore();
    }
  });

  it('runs on the connection of the transaction it is called in', async () => {
    const rows = await t.orm.em
      .fork()
      .transactional((em) => boundRows<{ word: string }>(em, 'select ? as word', ['inside']));
    expect(rows).toEqual([{ word: 'inside' }]);
  });

  it("fails with the driver's exception, as the ORM's queries do", async () => {
    await expect(
      boundRows(t.orm.em.fork(), 'select * from no_such_table where id = ?', ['x']),
    ).rejects.toBeInstanceOf(DriverException);
  });
});

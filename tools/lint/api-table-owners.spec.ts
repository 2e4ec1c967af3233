import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import owners from './api-table-owners.cjs';

/** A small API tree: src/modules/<name>/... with the files given, read by the check. */
const apiWith = (files: Record<string, string>) => {
  const root = mkdtempSync(path.join(tmpdir(), 'table-owners-'));
  const all: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        strict: true,
        experimentalDecorators: true,
        noEmit: true,
        types: [],
      },
      include: ['src/**/*.ts'],
    }),
    'src/core/database/orm.ts': `
      export const Entity = (_options?: { tableName?: string }) => (_target: unknown) => undefined;
      export const defineSchema = (schema: { entities?: unknown[]; tables?: string[] }) => schema;
      export type Em = {
        create<T>(cls: new () => T, data: Partial<T>): T;
        nativeUpdate<T>(cls: new () => T, where: object, data: Partial<T>): Promise<number>;
        persist(entity: object): void;
        remove(entity: object): void;
        findOne<T>(cls: new () => T, where: object): Promise<T | null>;
        execute(sql: string): Promise<void>;
      };
      export type Knex = (table: string) => { where(...args: unknown[]): { increment(c: string, n: number): Promise<void>; select(): Promise<unknown[]> }; insert(row: object): Promise<void> };
    `,
    'src/modules/reports/report.entity.ts': `
      import { Entity } from '../../core/database/orm';
      @Entity({ tableName: 'reports' })
      export class ReportRecord { id = ''; state = 'new'; }
    `,
    'src/modules/reports/report-rows.ts': `
      import type { Em } from '../../core/database/orm';
      import { ReportRecord } from './report.entity';
      export const resolve = (em: Em, report: ReportRecord) => { report.state = 'resolved'; em.persist(report); };
      export const add = (em: Em) => em.create(ReportRecord, {});
    `,
    'src/modules/metrics/metrics.schema.ts': `
      import { defineSchema } from '../../core/database/orm';
      export const metricsSchema = defineSchema({ tables: ['metric_minutes'] });
    `,
    'src/modules/metrics/writer.ts': `
      import type { Em } from '../../core/database/orm';
      export const write = (em: Em) => em.execute('insert into metric_minutes (a) values (1)');
    `,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  try {
    return owners.readTableOwners(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};

/** What an outside module writes: "table by module: how". */
const outside = (files: Record<string, string>) =>
  apiWith(files).writes.map((write) => `${write.table} by ${write.by}: ${write.how}`);

const PUNISHMENTS = 'src/modules/punishments/moderation.ts';
const HEAD = `
  import type { Em, Knex } from '../../core/database/orm';
  import { ReportRecord } from '../reports/report.entity';
`;

describe('table owners (npm run arch)', () => {
  it('lists each table under the module that declares it, entities and raw-SQL tables alike', () => {
    const { tables, writes } = apiWith({});
    expect(Object.fromEntries([...tables].map(([table, { owner }]) => [table, owner]))).toEqual({
      reports: 'reports',
      metric_minutes: 'metrics',
    });
    // The owners' own writes are theirs.
    expect(writes).toEqual([]);
    expect(owners.describeTableOwners({ tables, writes }).split('\n').at(-1)).toBe(
      'table owners: 2 tables, 0 written outside their module',
    );
  });

  it('reports an entity created, persisted, removed or updated outside its owner', () => {
    expect(
      outside({
        [PUNISHMENTS]: `${HEAD}
          export const a = (em: Em) => em.create(ReportRecord, {});
          export const b = () => new ReportRecord();
          export const c = (em: Em, r: ReportRecord) => { em.persist(r); em.remove(r); };
          export const d = (em: Em) => em.nativeUpdate(ReportRecord, {}, { state: 'x' });
          export const e = async (em: Em) => {
            const found = await em.findOne(ReportRecord, {});
            if (found) found.state = 'resolved';
          };
          export const f = (r: ReportRecord) => Object.assign(r, { state: 'x' });
        `,
      }),
    ).toEqual([
      'reports by punishments: create(ReportRecord)',
      'reports by punishments: new ReportRecord',
      'reports by punishments: persist(reports)',
      'reports by punishments: remove(reports)',
      'reports by punishments: nativeUpdate(ReportRecord)',
      'reports by punishments: set found.state',
      'reports by punishments: Object.assign',
    ]);
  });

  it('reports raw SQL and knex naming a table outside its owner, reads aside', () => {
    expect(
      outside({
        [PUNISHMENTS]: `${HEAD}
          export const a = (em: Em) => em.execute('select * from reports');
          export const b = (em: Em) => em.execute('update reports set state = 1');
          export const c = (em: Em, t: string) => em.execute(\`delete from metric_minutes where at < \${t}\`);
          export const d = (knex: Knex) => knex('reports').where('id', 1).increment('n', 1);
          export const e = (knex: Knex) => knex('reports as r').where('id', 1).select();
          export const f = (knex: Knex) => knex('metric_minutes').insert({});
        `,
      }),
    ).toEqual([
      'reports by punishments: sql update',
      'metric_minutes by punishments: sql delete',
      'reports by punishments: knex increment',
      'metric_minutes by punishments: knex insert',
    ]);
  });

  it('lets another module read the type and call the owner', () => {
    expect(
      outside({
        [PUNISHMENTS]: `${HEAD}
          import { resolve } from '../reports/report-rows';
          export const a = async (em: Em) => {
            const found = await em.findOne(ReportRecord, {});
            if (found) resolve(em, found);
            return found?.state;
          };
        `,
      }),
    ).toEqual([]);
  });

  it('refuses a table declared by two modules', () => {
    expect(() =>
      apiWith({
        'src/modules/map/map.schema.ts': `
          import { defineSchema } from '../../core/database/orm';
          export const mapSchema = defineSchema({ tables: ['reports'] });
        `,
      }),
    ).toThrow('table reports is declared by map and by reports: one owner per table');
  });
});

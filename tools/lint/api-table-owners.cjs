// Who owns each table of the API, and who writes it (`npm run arch`; CONVENTIONS: one module, one
// job). A table's owner is the module (or core area) whose folder declares it: an entity class
// (`@Entity({ tableName })`) or a raw-SQL table in the module's schema file (`defineSchema({
// tables: [...] })`). A write is an entity created (`new`, `em.create`), persisted, removed,
// assigned or updated through the ORM (`em.nativeUpdate`, a property of a loaded entity set), or
// SQL / knex naming the table in an insert, update, delete or upsert. Code outside the owner that
// writes a table is reported; it calls the owner's service or port instead. Migrations are the
// schema's history and write every table by nature: they are not read.
const path = require('node:path');
const ts = require('typescript');

const SPEC = /\.(spec|test)\.tsx?$/;

/** 'alerts' for modules/alerts/..., 'core/database' for core/database/..., null elsewhere. */
const ownerOf = (srcRoot, file) => {
  const rel = path.relative(srcRoot, file).split(path.sep);
  if (rel[0] === 'modules' && rel.length > 2) return rel[1];
  if (rel[0] === 'core' && rel.length > 2) return `core/${rel[1]}`;
  return null;
};

/** The place a file's code belongs to, for reports: its owner, or its path under src. */
const placeOf = (srcRoot, file) =>
  ownerOf(srcRoot, file) ?? path.relative(srcRoot, file).split(path.sep).join('/');

// Calls whose first argument names an entity class and write its table.
const CLASS_WRITES = new Set([
  'create',
  'insert',
  'insertMany',
  'upsert',
  'upsertMany',
  'nativeUpdate',
  'nativeDelete',
]);
// Calls whose first argument is an entity (or entities) they write.
const INSTANCE_WRITES = new Set([
  'persist',
  'persistAndFlush',
  'remove',
  'removeAndFlush',
  'assign',
  'upsert',
  'upsertMany',
]);
// Methods of a knex builder that write the table it was started on.
const KNEX_WRITES = new Set([
  'insert',
  'update',
  'increment',
  'decrement',
  'del',
  'delete',
  'upsert',
  'merge',
  'truncate',
]);
const SQL_WRITE =
  /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?|replace\s+into)\s+["`]?([a-z_][a-z0-9_]*)/gi;

const stringOf = (node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;

/** The entity table of a decorated class, or null. */
const entityTableOf = (node) => {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || call.expression.getText() !== 'Entity') continue;
    const [options] = call.arguments;
    if (options && ts.isObjectLiteralExpression(options)) {
      for (const property of options.properties) {
        if (ts.isPropertyAssignment(property) && property.name.getText() === 'tableName') {
          const table = stringOf(property.initializer);
          if (table) return table;
        }
      }
    }
    // MikroORM's default: the class name in snake case.
    return node.name.text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  }
  return null;
};

/** The raw-SQL tables a schema file declares: `defineSchema({ tables: ['a', 'b'] })`. */
const rawTablesOf = (call) => {
  if (call.expression.getText() !== 'defineSchema') return [];
  const [options] = call.arguments;
  if (!options || !ts.isObjectLiteralExpression(options)) return [];
  const tables = [];
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'tables') continue;
    if (!ts.isArrayLiteralExpression(property.initializer)) continue;
    for (const element of property.initializer.elements) {
      const table = stringOf(element);
      if (table) tables.push(table);
    }
  }
  return tables;
};

const loadProgram = (apiRoot) => {
  const configPath = path.join(apiRoot, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, apiRoot);
  const srcRoot = path.join(apiRoot, 'src');
  const rootNames = parsed.fileNames.filter(
    (file) => !SPEC.test(file) && !path.relative(srcRoot, file).startsWith('..'),
  );
  return ts.createProgram({ rootNames, options: { ...parsed.options, noEmit: true } });
};

/**
 * Every table with its owner and the places outside the owner that write it.
 * `apiRoot` is services/api (its tsconfig.json is read); returns { tables, writes }.
 */
const readTableOwners = (apiRoot, { program = loadProgram(apiRoot) } = {}) => {
  const srcRoot = path.join(apiRoot, 'src');
  const migrations = path.join(srcRoot, 'migrations');
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter(
      (sf) =>
        !sf.isDeclarationFile &&
        !SPEC.test(sf.fileName) &&
        !path.relative(srcRoot, sf.fileName).startsWith('..') &&
        path.relative(migrations, sf.fileName).startsWith('..'),
    );

  /** table -> { owner, declaredIn } */
  const tables = new Map();
  /** entity class symbol -> table */
  const entities = new Map();
  const declare = (table, file) => {
    const owner = ownerOf(srcRoot, file) ?? placeOf(srcRoot, file);
    const known = tables.get(table);
    if (known && known.owner !== owner) {
      const both = [known.owner, owner].sort();
      throw new Error(`table ${table} is declared by ${both[0]} and by ${both[1]}: one owner per table`);
    }
    tables.set(table, { owner, declaredIn: path.relative(apiRoot, file).split(path.sep).join('/') });
  };
  for (const sf of files) {
    const visit = (node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        const table = entityTableOf(node);
        if (table) {
          declare(table, sf.fileName);
          entities.set(checker.getSymbolAtLocation(node.name), table);
        }
      }
      if (ts.isCallExpression(node)) for (const table of rawTablesOf(node)) declare(table, sf.fileName);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const symbolOf = (symbol) =>
    symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  /** The table of an expression that names an entity class. */
  const tableOfClass = (node) => entities.get(symbolOf(checker.getSymbolAtLocation(node))) ?? null;
  /** The tables of an expression whose value is an entity, entities, or a union of them. */
  const tablesOfValue = (node) => {
    const found = new Set();
    const add = (type) => {
      // Unions (`T | null`) and intersections (MikroORM's `Loaded<T>` is `T & {...}`).
      if (type.isUnionOrIntersection()) return type.types.forEach(add);
      if (checker.isArrayType(type) || checker.isTupleType(type)) {
        return checker.getTypeArguments(type).forEach(add);
      }
      const table = entities.get(type.getSymbol());
      if (table) found.add(table);
    };
    add(checker.getTypeAtLocation(node));
    return [...found];
  };

  const writes = [];
  const record = (table, sf, node, how) => {
    const known = tables.get(table);
    if (!known) return;
    const by = placeOf(srcRoot, sf.fileName);
    if (by === known.owner) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    writes.push({
      table,
      owner: known.owner,
      by,
      how,
      at: `${path.relative(apiRoot, sf.fileName).split(path.sep).join('/')}:${line + 1}`,
    });
  };

  /** Whether a knex builder started at `node` goes on to a writing method. */
  const knexWriteAbove = (node) => {
    let current = node;
    while (current.parent) {
      const parent = current.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === current) {
        if (KNEX_WRITES.has(parent.name.text)) return parent.name.text;
      } else if (
        !(ts.isCallExpression(parent) && parent.expression === current) &&
        !ts.isAwaitExpression(parent)
      ) {
        return null;
      }
      current = parent;
    }
    return null;
  };

  for (const sf of files) {
    const visit = (node) => {
      if (ts.isNewExpression(node)) {
        const table = tableOfClass(node.expression);
        if (table) record(table, sf, node, `new ${node.expression.getText(sf)}`);
      } else if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
        const [first] = node.arguments;
        if (method && first) {
          if (CLASS_WRITES.has(method)) {
            const table = tableOfClass(first);
            if (table) record(table, sf, node, `${method}(${first.getText(sf)})`);
          }
          // em.createQueryBuilder(Entity).update(...) / .insert(...) / .delete()
          if (method === 'createQueryBuilder') {
            const table = tableOfClass(first);
            const write = table && knexWriteAbove(node);
            if (write) record(table, sf, node, `query builder ${write}`);
          }
          if (
            INSTANCE_WRITES.has(method) &&
            !tableOfClass(first) &&
            callee.expression.getText(sf) !== 'Object'
          ) {
            for (const table of tablesOfValue(first)) record(table, sf, node, `${method}(${table})`);
          }
          // wrap(entity).assign(...)
          if (
            method === 'assign' &&
            ts.isCallExpression(callee.expression) &&
            callee.expression.expression.getText(sf) === 'wrap' &&
            callee.expression.arguments[0]
          ) {
            for (const table of tablesOfValue(callee.expression.arguments[0]))
              record(table, sf, node, 'wrap().assign');
          }
        }
        if (callee.getText(sf) === 'Object.assign' && first) {
          for (const table of tablesOfValue(first)) record(table, sf, node, 'Object.assign');
        }
        // knex('table'), knex('table as t'), builder.into('table') / .table('table') / .from('table').update(...)
        const name = first && stringOf(first);
        if (name) {
          const table = name.split(/\s+as\s+|\s+/i)[0];
          if (tables.has(table) && (!method || ['into', 'table', 'from', 'withSchema'].includes(method))) {
            const write = method === 'into' ? 'insert' : knexWriteAbove(node);
            if (write) record(table, sf, node, `knex ${write}`);
          }
        }
      } else if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
      ) {
        const target = node.left;
        if (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) {
          for (const table of tablesOfValue(target.expression))
            record(table, sf, node, `set ${target.getText(sf)}`);
        }
      } else if (
        (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
        (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
        ts.isPropertyAccessExpression(node.operand)
      ) {
        for (const table of tablesOfValue(node.operand.expression))
          record(table, sf, node, `set ${node.operand.getText(sf)}`);
      }
      const sql = stringOf(node) ?? (ts.isTemplateExpression(node) ? node.getText(sf) : null);
      if (sql !== null) {
        for (const match of sql.matchAll(SQL_WRITE)) {
          record(match[2].toLowerCase(), sf, node, `sql ${match[1].toLowerCase().split(/\s+/)[0]}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { tables, writes };
};

/** The text `npm run arch` prints: each owner and its tables, the writes outside, the closing line. */
const describeTableOwners = ({ tables, writes }) => {
  const byOwner = new Map();
  for (const [table, { owner }] of tables) {
    if (!byOwner.has(owner)) byOwner.set(owner, []);
    byOwner.get(owner).push(table);
  }
  const width = Math.max(...[...byOwner.keys()].map((owner) => owner.length));
  const lines = [...byOwner.keys()]
    .sort()
    .map((owner) => `${owner.padEnd(width)}  ${byOwner.get(owner).sort().join(', ')}`);
  const seen = new Set();
  for (const write of writes) {
    const line = `  ${write.table} (owner ${write.owner}) written by ${write.by}: ${write.how} at ${write.at}`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  lines.push(`table owners: ${tables.size} tables, ${writes.length} written outside their module`);
  return lines.join('\n');
};

module.exports = { readTableOwners, describeTableOwners, loadProgram };

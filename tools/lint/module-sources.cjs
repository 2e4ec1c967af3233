// Where a file names another module, for the workspace's lint rules: imports and exports from it,
// dynamic `import()`, `import x = require()`, `typeof import()`, `require()` and Jest's
// `jest.mock()` family. `check` is called with each such string literal's node.
'use strict';

const JEST_MODULE_CALLS = new Set(['mock', 'doMock', 'requireActual', 'requireMock']);
/** `require(...)` and Jest's `jest.mock(...)` family name a module too. */
const takesModule = (callee) =>
  (callee.type === 'Identifier' && callee.name === 'require') ||
  (callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'jest' &&
    callee.property.type === 'Identifier' &&
    JEST_MODULE_CALLS.has(callee.property.name));

/** The rule visitors that hand `check` every module source a file names. */
const moduleSourceVisitors = (check) => ({
  ImportDeclaration: (node) => check(node.source),
  ExportNamedDeclaration: (node) => check(node.source),
  ExportAllDeclaration: (node) => check(node.source),
  ImportExpression: (node) => check(node.source),
  TSImportEqualsDeclaration: (node) =>
    node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression),
  TSImportType: (node) =>
    check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
  CallExpression: (node) => takesModule(node.callee) && check(node.arguments[0]),
});

module.exports = { moduleSourceVisitors };

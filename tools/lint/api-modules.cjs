// ESLint rules that hold the API's module boundaries (CONVENTIONS: one module, one job):
//   outpost-api/module-face      another module is imported through its index.ts only
//   outpost-api/no-module-cycle  no chain of run-time imports leads from a module back to itself
//   outpost-api/core-face        a core area (core/<area>) is imported through its index.ts only
// The first two are configured with the absolute path of services/api/src/modules, the third with
// that of services/api/src/core. A face rule holds every file it lints that lies outside the folder
// it imports (other modules and core areas, app.module.ts, create-app.ts, main.ts, migrations/...);
// the files of one module or core area import each other freely.
const path = require('node:path');
const { edgesOf, importOf, moduleOf, pathBetween, readModuleGraph } = require('./api-module-graph.cjs');

/** The graph is read once per lint process (the files a run lints do not change while it runs). */
const graphs = new Map();
const graphOf = (modulesRoot) => {
  if (!graphs.has(modulesRoot)) graphs.set(modulesRoot, readModuleGraph(modulesRoot));
  return graphs.get(modulesRoot);
};

/** The rule's one option: the absolute path of the folder whose subfolders it holds. */
const schemaOf = (option) => [
  {
    type: 'object',
    properties: { [option]: { type: 'string' } },
    required: [option],
    additionalProperties: false,
  },
];
const schema = schemaOf('modulesRoot');

/** Each relative import or re-export of the file, with its node. */
const importsOf = (node) =>
  node.body.flatMap((statement) => {
    const isImport = statement.type === 'ImportDeclaration';
    const isExport =
      (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') &&
      statement.source;
    if (!isImport && !isExport) return [];
    const typeOnly =
      statement.importKind === 'type' ||
      statement.exportKind === 'type' ||
      (isImport &&
        statement.specifiers.length > 0 &&
        statement.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));
    return [{ node: statement, specifier: statement.source.value, typeOnly }];
  });

/**
 * A rule that reports an import of a subfolder of `option`'s folder (a module, a core area) that
 * names one of its files instead of its face, from any file outside that subfolder.
 */
const faceRule = ({ option, description, message }) => ({
  meta: { type: 'problem', docs: { description }, schema: schemaOf(option), messages: { deep: message } },
  create(context) {
    const root = context.options[0][option];
    const file = context.filename;
    const from = moduleOf(root, file);
    return {
      Program(program) {
        for (const { node, specifier, typeOnly } of importsOf(program)) {
          const found = importOf(root, file, specifier, typeOnly);
          if (!found || found.face || found.to === from) continue;
          let face = path.relative(path.dirname(file), path.join(root, found.to)).split(path.sep).join('/');
          if (!face.startsWith('.')) face = `./${face}`;
          context.report({ node, messageId: 'deep', data: { specifier, to: found.to, face } });
        }
      },
    };
  },
});

const moduleFace = faceRule({
  option: 'modulesRoot',
  description: 'Import another API module through its public face (its index.ts), never its files',
  message:
    "outpost-api/module-face: '{{specifier}}' reaches into the {{to}} module's files; import its public face '{{face}}' instead (add what you need to modules/{{to}}/index.ts)",
});

const coreFace = faceRule({
  option: 'coreRoot',
  description: 'Import a core area of the API through its face (its index.ts), never its files',
  message:
    "outpost-api/core-face: '{{specifier}}' reaches into core/{{to}}'s files; import its face '{{face}}' instead (add what you need to core/{{to}}/index.ts)",
});

const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between API modules (type-only imports aside)' },
    schema,
    messages: {
      cycle:
        'outpost-api/no-module-cycle: importing the {{to}} module from {{from}} closes a cycle: {{cycle}}. Make the dependency one-way: move what both need down a layer, or let {{to}} declare a port that {{from}} implements',
    },
  },
  create(context) {
    const { modulesRoot } = context.options[0];
    const file = context.filename;
    const from = moduleOf(modulesRoot, file);
    if (!from) return {};
    return {
      Program(program) {
        const imports = importsOf(program);
        const resolved = imports.map((entry) => ({
          ...entry,
          found: importOf(modulesRoot, file, entry.specifier, entry.typeOnly),
        }));
        const edges = edgesOf(graphOf(modulesRoot), {
          file,
          imports: resolved.flatMap(({ found }) => (found ? [found] : [])),
        });
        const reported = new Set();
        for (const { node, found } of resolved) {
          if (!found || found.typeOnly || found.to === from || reported.has(found.to)) continue;
          const back = pathBetween(edges, found.to, from);
          if (!back) continue;
          reported.add(found.to);
          context.report({
            node,
            messageId: 'cycle',
            data: { from, to: found.to, cycle: [from, ...back].join(' -> ') },
          });
        }
      },
    };
  },
};

module.exports = {
  rules: { 'module-face': moduleFace, 'no-module-cycle': noModuleCycle, 'core-face': coreFace },
};

// The API's module graph, read from the code: each folder of services/api/src/modules is a module,
// its index.ts its public face. Used by the lint rules (api-modules.cjs) and `npm run arch`.
const fs = require('node:fs');
const path = require('node:path');

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm;
const SOURCE = /\.tsx?$/;
const SPEC = /\.(spec|test)\.tsx?$/;

/** The module a file belongs to (its folder right under `modulesRoot`), or null. */
const moduleOf = (modulesRoot, file) => {
  const rel = path.relative(modulesRoot, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length ? first : null;
};

/** Whether `target` (a resolved import, without extension) is the module's face: its folder or index. */
const isFace = (modulesRoot, module, target) => {
  const rel = path.relative(path.join(modulesRoot, module), target);
  return rel === '' || rel === 'index' || rel === 'index.ts';
};

/** One relative import of a file as the graph sees it. */
const importOf = (modulesRoot, file, specifier, typeOnly) => {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  const to = moduleOf(modulesRoot, path.join(target, 'x'));
  return to ? { to, face: isFace(modulesRoot, to, target), typeOnly, specifier } : null;
};

const walk = (dir, out) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !SPEC.test(entry.name)) out.push(full);
  }
  return out;
};

/** Every module, and the imports of each source file (spec files aside). */
const readModuleGraph = (modulesRoot) => {
  const modules = fs
    .readdirSync(modulesRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const files = new Map();
  for (const file of walk(modulesRoot, [])) {
    const text = fs.readFileSync(file, 'utf8');
    const imports = [];
    for (const match of text.matchAll(IMPORT)) {
      const found = importOf(modulesRoot, file, match[3], Boolean(match[2]));
      if (found) imports.push(found);
    }
    files.set(file, imports);
  }
  return { modulesRoot, modules, files };
};

/**
 * Module -> the modules it imports at run time (type-only imports aside: they leave no trace in
 * the built code). `replace` swaps one file's imports for others (the file being linted).
 */
const edgesOf = (graph, replace) => {
  const edges = new Map(graph.modules.map((module) => [module, new Set()]));
  const add = (file, imports) => {
    const from = moduleOf(graph.modulesRoot, file);
    if (!from) return;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const found of imports) if (!found.typeOnly && found.to !== from) edges.get(from).add(found.to);
  };
  for (const [file, imports] of graph.files) if (!replace || file !== replace.file) add(file, imports);
  if (replace) add(replace.file, replace.imports);
  return edges;
};

/** The shortest path of modules from `from` to `to`, or null. */
const pathBetween = (edges, from, to) => {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const trail = [];
      for (let step = at; step !== null; step = previous.get(step)) trail.unshift(step);
      return trail;
    }
    for (const next of [...(edges.get(at) ?? [])].sort())
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
  }
  return null;
};

/** Modules in layers: each depends only on those of earlier layers (null when there is a cycle). */
const layersOf = (edges) => {
  const placed = new Map();
  const layers = [];
  while (placed.size < edges.size) {
    const layer = [...edges.keys()]
      .filter((module) => !placed.has(module) && [...edges.get(module)].every((dep) => placed.has(dep)))
      .sort();
    if (layer.length === 0) return null;
    for (const module of layer) placed.set(module, layers.length);
    layers.push(layer);
  }
  return layers;
};

/** The graph as text: one line per module with what it depends on, lowest layer first. */
const describeGraph = (graph) => {
  const edges = edgesOf(graph);
  const layers = layersOf(edges);
  if (!layers) return 'module graph: it has a cycle (npm run lint names it)';
  const width = Math.max(...graph.modules.map((module) => module.length));
  const lines = [];
  layers.forEach((layer, index) => {
    for (const module of layer) {
      const deps = [...edges.get(module)].sort();
      lines.push(
        `${String(index).padStart(2)}  ${module.padEnd(width)}  ${deps.length ? '-> ' + deps.join(', ') : '(none)'}`,
      );
    }
  });
  let deep = 0;
  let crossing = 0;
  for (const [file, imports] of graph.files)
    for (const found of imports)
      if (found.to !== moduleOf(graph.modulesRoot, file)) {
        crossing += 1;
        if (!found.face) deep += 1;
      }
  lines.push(
    `${graph.modules.length} modules in ${layers.length} layers; ${crossing} imports between modules, ${deep} past a public face; no cycle`,
  );
  return lines.join('\n');
};

module.exports = { moduleOf, importOf, readModuleGraph, edgesOf, pathBetween, layersOf, describeGraph };

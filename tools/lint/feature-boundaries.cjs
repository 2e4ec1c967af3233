// The workspace's own lint rules, loaded as the `outpost` plugin by eslint.config.mjs.
//
// outpost/no-cross-feature-imports: inside a remote (or the shell), a feature folder
// (<app>/src/features/<a>/...) imports no other feature folder (<app>/src/features/<b>/...), by a
// relative path or by the app's package name. What two features need lives in the app's shared
// folder or in a lib; the app's routes (or a folder beside features/) join features into screens.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { moduleSourceVisitors } = require('./module-sources.cjs');

const toPosix = (file) => file.split(path.sep).join('/');

/** The app's folder and the feature a file lies in; null for a file outside src/features/<name>/. */
const featureOf = (file) => {
  const match = /^(.*)\/src\/features\/([^/]+)\/./.exec(toPosix(file));
  return match ? { root: match[1], feature: match[2] } : null;
};

const packageNames = new Map();
/** The name in the app's package.json (how other code could import it by an alias), if any. */
const packageNameOf = (root) => {
  if (!packageNames.has(root)) {
    let name = null;
    try {
      name = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).name ?? null;
    } catch {
      // No package.json: the app is reached by relative paths only.
    }
    packageNames.set(root, name);
  }
  return packageNames.get(root);
};

/** Where `source` points inside the app of `root`, as an absolute posix path; null when it leaves it. */
const targetOf = (source, file, root) => {
  if (source.startsWith('.')) return toPosix(path.resolve(path.dirname(file), source));
  const name = packageNameOf(root);
  if (!name || !source.startsWith(`${name}/`)) return null;
  const rest = source.slice(name.length + 1);
  // `<name>/features/x` (an alias onto src/) or `<name>/src/features/x`.
  return toPosix(path.join(root, rest.startsWith('features/') ? 'src' : '', rest));
};

/** @type {import('eslint').Rule.RuleModule} */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A feature folder of an app imports no other feature folder of the same app.',
    },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}' ('{{source}}'): features of {{app}} do not import each other. " +
        'Move what both need to {{app}}/src/shared or a lib, or join the two where the app composes its screens.',
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const own = featureOf(file);
    if (!own) return {};
    const featuresDir = `${toPosix(own.root)}/src/features/`;

    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = targetOf(node.value, file, own.root);
      if (!target || !target.startsWith(featuresDir)) return;
      const to = target.slice(featuresDir.length).split('/')[0];
      if (to && to !== own.feature)
        context.report({
          node,
          messageId: 'crossFeature',
          data: { from: own.feature, to, source: node.value, app: path.basename(own.root) },
        });
    };
    return moduleSourceVisitors(check);
  },
};

module.exports = {
  meta: { name: 'outpost' },
  rules: { 'no-cross-feature-imports': noCrossFeatureImports },
};

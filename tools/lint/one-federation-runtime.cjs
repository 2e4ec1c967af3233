// outpost/no-federation-runtime: a remote (mfe-*) never imports a Module Federation runtime. The
// shell has the page's one runtime: it registers the remotes from /remotes.json, applies canaries,
// rollbacks and the build checks, and shows another remote's exposed component inside a remote
// through its slot (@outpost/ui's RemoteSlot). A remote with a runtime of its own would load
// remotes past all of that. Building a remote (@module-federation/enhanced/rspack) is no runtime.
'use strict';

const { moduleSourceVisitors } = require('./module-sources.cjs');

/** The packages (and their subpaths) that give a federation runtime. */
const RUNTIME_PACKAGES = [
  '@module-federation/enhanced/runtime',
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/runtime-tools',
];

const isRuntime = (source) =>
  RUNTIME_PACKAGES.some((name) => source === name || source.startsWith(`${name}/`));

/** @type {import('eslint').Rule.RuleModule} */
const noFederationRuntime = {
  meta: {
    type: 'problem',
    docs: { description: 'A remote imports no Module Federation runtime: the shell has the only one.' },
    schema: [],
    messages: {
      runtime:
        "'{{source}}' is a Module Federation runtime: only the shell has one. Show another remote's " +
        "exposed component through the shell's slot (RemoteSlot from @outpost/ui).",
    },
  },
  create(context) {
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      if (isRuntime(node.value)) context.report({ node, messageId: 'runtime', data: { source: node.value } });
    };
    return moduleSourceVisitors(check);
  },
};

module.exports = {
  meta: { name: 'outpost-federation' },
  rules: { 'no-federation-runtime': noFederationRuntime },
};

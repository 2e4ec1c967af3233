// The Rspack configuration of the shell and of every remote: one place for loaders, aliases,
// Module Federation and the dev server, so the five web apps cannot drift apart.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedDependencies } from './shared.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Shared-scope libs compile from source, so the browser bundle gets ES modules it can tree-shake. */
const sourceAliases = Object.fromEntries(
  ['contracts', 'validation', 'format'].map((lib) => [
    `@outpost/${lib}$`,
    path.join(repoRoot, 'libs', lib, 'src', 'index.ts'),
  ]),
);

/** How the web apps resolve modules: TypeScript sources, workspace libs from source. */
export const webResolve = {
  extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  alias: sourceAliases,
};

/** TypeScript and JSX through Rspack's SWC loader; the same for a browser build and a Node one. */
export const scriptRule = ({ production = true } = {}) => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production } },
      target: 'es2022',
    },
  },
  type: 'javascript/auto',
});

/**
 * The federation plugin hands the bundler the CommonJS builds of its runtime packages (it resolves
 * them with `require`), which cannot be tree-shaken. Their ES module builds ship in the same
 * packages: pointing the runtime's entry requests at them lets the bundler drop what the panel
 * never calls. A remote entry shrinks from 14 to 8 KiB gzip, the shell's runtime by 5 KiB.
 */
const esmFederationRuntime = () =>
  new rspack.NormalModuleReplacementPlugin(
    /^@module-federation\/runtime$|@module-federation[\\/][\w-]+[\\/]dist[\\/]index\.cjs$/,
    (data) => {
      if (data.createData?.resource) return; // resolved already: an ES module's own import
      if (data.request === '@module-federation/runtime') {
        data.request = fileURLToPath(import.meta.resolve('@module-federation/runtime'));
        return;
      }
      // The ES module build beside it, when the package ships one under either name.
      const esm = ['.js', '.mjs']
        .map((extension) => data.request.replace(/\.cjs$/, extension))
        .find((file) => existsSync(file));
      if (esm) data.request = esm;
    },
  );

const packageVersion = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/** The commit the build is made from (short), or "dev" outside a git checkout. */
const gitCommit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'dev';
  }
};

/** The versions of the shared singletons a build is made with, which the shell checks at load. */
export const singletonVersions = () =>
  Object.fromEntries(
    ['react', 'react-dom', 'react-router-dom', '@reduxjs/toolkit'].map((name) => [
      name,
      JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`${name}/package.json`)), 'utf8')).version,
    ]),
  );

/**
 * What a remote's mf-manifest.json says of its build: metaData.buildInfo.buildVersion (its package
 * version + git commit), metaData.contractsVersion (@outpost/contracts' version it was built
 * against) and metaData.singletons. The shell loads it only when the contracts major is its own.
 */
const buildMetadata = (projectRoot) => {
  const buildVersion = process.env.OUTPOST_BUILD_VERSION ?? `${packageVersion(projectRoot)}+${gitCommit()}`;
  const contractsVersion =
    process.env.OUTPOST_CONTRACTS_VERSION ?? packageVersion(path.join(repoRoot, 'libs/contracts'));
  return {
    additionalData: ({ stats }) => {
      stats.metaData.buildInfo = { ...stats.metaData.buildInfo, buildVersion };
      Object.assign(stats.metaData, { contractsVersion, singletons: singletonVersions() });
      return stats;
    },
  };
};

/** react-router's production build (ESM); its package exports only name the development one. */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Dev ports: shell 4200, remotes 4201-4204 (the API runs on 3000). */
export const DEV_PORTS = { shell: 4200, landing: 4201, account: 4202, networks: 4203, players: 4204 };

/**
 * @param {object} options
 * @param {string} options.projectRoot the app folder
 * @param {'shell' | 'landing' | 'account' | 'networks' | 'players'} options.app
 * @param {string} options.federationName ModuleFederationPlugin name (scope)
 * @param {Record<string, string>} [options.exposes] remotes only
 * @param {Record<string, string>} [options.define] compile-time constants
 */
export const createWebConfig = ({ projectRoot, app, federationName, exposes, define = {} }) => {
  const isShell = app === 'shell';
  const production = process.env.NODE_ENV !== 'development';
  const outDir = process.env.OUTPOST_OUT_DIR ?? 'dist';
  return {
    mode: production ? 'production' : 'development',
    context: projectRoot,
    entry: { main: './src/main.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.resolve(projectRoot, outDir),
      // The shell lives at /, remotes wherever /remotes.json says: 'auto' finds their own URL.
      publicPath: isShell ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      uniqueName: federationName,
      clean: true,
    },
    // react-router's package points every bundler at its development build (its warnings on);
    // a production build takes its production one, which leaves them out (a few KiB on '/').
    resolve: production
      ? { ...webResolve, alias: { ...webResolve.alias, 'react-router$': reactRouterProduction } }
      : webResolve,
    module: { rules: [scriptRule({ production }), { test: /\.css$/, type: 'css' }] },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        ...Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)])),
        // The shell's own singleton versions, against which it checks each remote's (caret ranges).
        ...(isShell ? { 'process.env.OUTPOST_SINGLETONS': JSON.stringify(singletonVersions()) } : {}),
      }),
      new ModuleFederationPlugin({
        name: federationName,
        ...(exposes ? { filename: 'remoteEntry.[contenthash:8].js', exposes } : {}),
        // Remote URLs come from /remotes.json at run time (registerRemotes), never from the build.
        remotes: {},
        shared: sharedDependencies(),
        shareStrategy: 'loaded-first',
        manifest: isShell ? true : buildMetadata(projectRoot),
        dts: false,
        // In production the shell provides the federation runtime and remotes reuse it, so each
        // remote entry stays a few KiB. Development keeps it bundled: a remote runs standalone there.
        // Browser-only runtime code; remotes never load remotes themselves, so theirs drops the
        // remote-loading and manifest-snapshot code the shell needs.
        ...(production
          ? {
              experiments: isShell
                ? { provideExternalRuntime: true, optimization: { target: 'web' } }
                : {
                    externalRuntime: true,
                    optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
                  },
            }
          : {}),
      }),
      esmFederationRuntime(),
      // A remote also builds a page of its own: its standalone development harness.
      new rspack.HtmlRspackPlugin({
        template: isShell
          ? path.join(projectRoot, 'src', 'index.html')
          : path.join(repoRoot, 'tools/mf/standalone.html'),
        // Copied to /favicon.ico (where browsers look without being told) and linked from the page.
        ...(isShell ? { favicon: path.join(projectRoot, 'src', 'favicon.ico') } : {}),
      }),
    ],
    optimization: { minimize: production },
    // `rspack serve` compiles dynamic imports on first use unless told otherwise, and asks for them
    // on the page's origin: a remote's lazy screen inside the shell (another origin) never arrived.
    lazyCompilation: false,
    performance: { hints: false },
    devServer: {
      port: DEV_PORTS[app],
      hot: true,
      // Client routes (the shell's, or a remote's own when it runs standalone) get index.html.
      historyApiFallback: true,
      // mf-manifest.json and chunks are fetched cross-origin by the shell.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          // The API is under /api/ (`/api` itself is the web app's page about it), as the panel serves it.
          context: (pathname) =>
            /^\/api\//i.test(pathname) ||
            ['/v1', '/health', ...(isShell ? ['/remotes.json', '/client.json'] : [])].some(
              (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
            ),
          target: 'http://localhost:3000',
        },
      ],
    },
  };
};

import type { EntityManager } from '@mikro-orm/core';
import { contractsMajor, CONTRACTS_VERSION, REMOTE_NAMES, type RemoteName } from '@outpost/contracts';
import os from 'node:os';
import type { AppConfig } from '../../core/config';
import { readRemoteManifest, RemoteRefused } from './remote-manifest';
import type { RemoteBuild, ServedRemote } from './remote-setting.entity';
import { RemotesService } from './remotes.service';

export const REMOTES_USAGE = `  npm run panel -- remotes:list                                 each remote: its URL, version, contracts, canary, previous URL
  npm run panel -- remotes:set <${REMOTE_NAMES.join('|')}> <manifest-url> [--canary <1-99>]
                                                                serve that build (with --canary: to that share of users)
  npm run panel -- remotes:promote <name>                       the canary becomes the build everyone gets
  npm run panel -- remotes:rollback <name>                      serve the previous URL again
  npm run panel -- remotes:history <name>                       its last 10 changes: when, who, what was served before and after`;

type Out = { log(line: string): void; error(line: string): void };

type RemotesCommand =
  | { kind: 'list' }
  | { kind: 'set'; name: RemoteName; url: string; canary: number | null }
  | { kind: 'promote' | 'rollback' | 'history'; name: RemoteName };

const isRemote = (value: string | undefined): value is RemoteName =>
  (REMOTE_NAMES as readonly string[]).includes(value ?? '');

const share = (value: string | undefined): number | null =>
  value && /^\d{1,2}$/.test(value) && Number(value) >= 1 ? Number(value) : null;

/** The command `args` name, or null when they are not one of the remotes commands. */
export const parseRemotesCommand = (args: readonly string[]): RemotesCommand | null | 'usage' => {
  const [command, name, url, flag, value, ...rest] = args;
  if (!command?.startsWith('remotes:')) return null;
  if (command === 'remotes:list') return args.length === 1 ? { kind: 'list' } : 'usage';
  if (!isRemote(name)) return 'usage';
  const single = {
    'remotes:promote': 'promote',
    'remotes:rollback': 'rollback',
    'remotes:history': 'history',
  } as const;
  if (command in single)
    return args.length === 2 ? { kind: single[command as keyof typeof single], name } : 'usage';
  if (command !== 'remotes:set' || !url || rest.length > 0) return 'usage';
  if (flag === undefined) return { kind: 'set', name, url, canary: null };
  const canary = share(value);
  return flag === '--canary' && canary !== null ? { kind: 'set', name, url, canary } : 'usage';
};

/** Who runs the command, for the audit trail: OUTPOST_OPERATOR, else the system user and host. */
export const operatorOf = (env: NodeJS.ProcessEnv): string =>
  env.OUTPOST_OPERATOR?.trim() || `${os.userInfo().username}@${os.hostname()}`;

const describe = (build: Pick<RemoteBuild, 'buildVersion' | 'contractsVersion'>): string =>
  `version ${build.buildVersion ?? 'unknown'}, contracts ${build.contractsVersion ?? 'unknown'}`;

/**
 * Runs one `remotes:*` command against the database every instance reads; answers the exit code,
 * or null when `args` are not a remotes command.
 */
export const runRemotesCommand = async (
  args: readonly string[],
  em: EntityManager,
  config: AppConfig,
  env: NodeJS.ProcessEnv,
  out: Out,
): Promise<number | null> => {
  const command = parseRemotesCommand(args);
  if (command === null) return null;
  if (command === 'usage') {
    out.error(`Usage:\n${REMOTES_USAGE}`);
    return 2;
  }
  const remotes = new RemotesService(em, config.remotes);
  try {
    if (command.kind === 'list') {
      await list(remotes, config, out);
      return 0;
    }
    const { name } = command;
    if (command.kind === 'history') {
      await history(remotes, name, out);
      return 0;
    }
    const operator = operatorOf(env);
    if (command.kind === 'set') {
      const state = await remotes.set(name, command.url, command.canary, operator, config.publicUrl);
      const build = state.canary ?? state.current;
      const who = state.canary ? `${state.canary.share}% of users` : 'everyone';
      out.log(`${name} now serves ${build.url} (${describe(build)}) to ${who}.`);
      if (
        build.contractsVersion &&
        contractsMajor(build.contractsVersion) !== contractsMajor(CONTRACTS_VERSION)
      )
        out.log(
          `Warning: it was built for contracts ${build.contractsVersion}, this panel has contracts ${CONTRACTS_VERSION}: browsers will show its explained fallback.`,
        );
    } else if (command.kind === 'promote') {
      const state = await remotes.promote(name, operator);
      out.log(`${name} now serves ${state.current.url} (${describe(state.current)}) to everyone.`);
    } else {
      const state = await remotes.rollback(name, operator);
      out.log(`${name} rolled back: it serves ${state.current.url} (${describe(state.current)}) again.`);
    }
    out.log('Every panel instance serves it within 10 s; open pages offer a Reload.');
    return 0;
  } catch (error) {
    if (!(error instanceof RemoteRefused)) throw error;
    out.error(error.message);
    return 1;
  }
};

/** A build's versions: as recorded when set, else read from its manifest now. */
const versionsOf = async (name: RemoteName, build: RemoteBuild, config: AppConfig): Promise<string> => {
  if (build.buildVersion || build.contractsVersion) return describe(build);
  try {
    return describe(await readRemoteManifest(name, build.url, config.publicUrl));
  } catch (error) {
    return `version unknown: ${(error as Error).message}`;
  }
};

const list = async (remotes: RemotesService, config: AppConfig, out: Out): Promise<void> => {
  const states = await remotes.states();
  for (const name of REMOTE_NAMES) {
    const state = states[name];
    out.log(name);
    out.log(`  serves    ${state.current.url} (${await versionsOf(name, state.current, config)})`);
    out.log(
      state.canary
        ? `  canary    ${state.canary.url} to ${state.canary.share}% of users (${describe(state.canary)})`
        : '  canary    none',
    );
    out.log(`  previous  ${state.previous?.url ?? 'none'}`);
    if (state.setBy && state.setAt) out.log(`  changed   by ${state.setBy} at ${state.setAt.toISOString()}`);
    else out.log("  changed   never (REMOTES_JSON or the panel's own build)");
  }
};

/** What browsers were served: the URL, and a canary beside it with its share. */
const servedLine = (served: ServedRemote): string =>
  served.canary ? `${served.url} + canary ${served.canary.url} to ${served.canary.share}%` : served.url;

/** The remote's audit trail, newest first: when, which command, who, and what was served before and after. */
const history = async (remotes: RemotesService, name: RemoteName, out: Out): Promise<void> => {
  const changes = await remotes.history(name);
  if (changes.length === 0) {
    out.log(`${name}: never changed (REMOTES_JSON or the panel's own build)`);
    return;
  }
  out.log(`${name}: the last ${changes.length} change${changes.length === 1 ? '' : 's'}, newest first`);
  for (const change of changes) {
    out.log(`  ${change.at.toISOString()}  ${change.action} by ${change.operator}`);
    out.log(`    before  ${servedLine(change.old)}`);
    out.log(`    after   ${servedLine(change.next)}`);
  }
};

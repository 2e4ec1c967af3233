// What a remote's build says of itself, and how the shell judges it: the contracts version each
// build was made against (major bumped on a breaking change of a shared contract, which
// federation-shape.spec.ts enforces), and the slot through which one remote shows another's
// exposed component with the shell's one federation runtime.
import type { PlayersTabProps } from './remotes';
import type { RemoteName } from './routes';

/** @outpost/contracts' version (its package.json; a test keeps them equal). */
export const CONTRACTS_VERSION = '1.0.0';

/** The major of a version ("3.1.0" -> 3); a build runs in a shell with the same major only. */
export const contractsMajor = (version: string): number => Number.parseInt(version, 10);

/** The parts of a remote's mf-manifest.json metaData the shell reads. */
export type RemoteBuildInfo = {
  /** metaData.buildInfo.buildVersion: the remote's package version + git commit. */
  buildVersion: string;
  /** metaData.contractsVersion: the contracts version it was built against. */
  contractsVersion: string | null;
  /** metaData.singletons: the versions of the shared singletons it was built with. */
  singletons: Record<string, string>;
};

/** Why a remote is not loaded: built for other contracts, or for another version of a singleton. */
export type RemoteMismatch =
  | { kind: 'contracts'; buildVersion: string; contractsVersion: string }
  | { kind: 'singleton'; buildVersion: string; singleton: string; version: string; range: string };

/** The one sentence a person reads when a remote's build does not fit this panel. */
export const remoteMismatchMessage = (
  remote: RemoteName,
  mismatch: RemoteMismatch,
  hostContracts: string = CONTRACTS_VERSION,
): string => {
  // The package version alone ("2.4.1" of "2.4.1+1a2b3c4"): the commit is in the Versions list.
  const version = mismatch.buildVersion.split('+')[0];
  return mismatch.kind === 'contracts'
    ? `This area was built for another version of the panel: ${remote} ${version} for contracts ${contractsMajor(mismatch.contractsVersion)}, this panel has contracts ${contractsMajor(hostContracts)}`
    : `This area was built for another version of the panel: ${remote} ${version} uses ${mismatch.singleton} ${mismatch.version}, this panel needs ${mismatch.range}`;
};

/**
 * A component another remote exposes, shown inside a remote. The shell provides the slot that
 * renders it (@outpost/ui's RemoteSlot reads it from context): the shell's one federation runtime
 * loads the module, so that remote's canary, rollback and fallbacks apply there too. Remotes
 * never register remotes themselves.
 */
export type RemoteSlotProps = {
  /** The remote that exposes it. */
  remote: RemoteName;
  /** The exposed module, e.g. PLAYERS_TAB_MODULE. */
  exposed: string;
  /** Names the section in its loading and unavailable states, e.g. "players". */
  section: string;
  /** Handed to the exposed component. */
  props: PlayersTabProps;
};

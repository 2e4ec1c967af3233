// The Module Federation contract between the shell and its remotes. Manifest URLs are read at
// run time from GET /remotes.json, never baked into the shell build, so a remote ships alone.
import type { SignInProvider } from './oauth';
import type { PricingSettings } from './pricing';
import type { Role } from './roles';
import { REMOTE_NAMES, type RemoteName } from './routes';

/** Where the shell fetches the manifest map. */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** Body of /remotes.json: each remote's mf-manifest.json URL. */
export type RemotesManifest = Record<RemoteName, string>;

/** The `name` each remote gives ModuleFederationPlugin (must be a valid JS identifier). */
export const REMOTE_SCOPE = {
  landing: 'mfe_landing',
  account: 'mfe_account',
  networks: 'mfe_networks',
  players: 'mfe_players',
} as const satisfies Record<RemoteName, string>;
export type RemoteScope = (typeof REMOTE_SCOPE)[RemoteName];

/** Every remote exposes its screens under this name (a component taking RemoteRoutesProps). */
export const REMOTE_ROUTES_MODULE = './Routes';
/** mfe-players also exposes the network dashboard's Players tab for mfe-networks. */
export const PLAYERS_TAB_MODULE = './PlayersTab';
/** ... its Punishments tab (the network's punishments) ... */
export const PUNISHMENTS_TAB_MODULE = './PunishmentsTab';
/** ... and its Reports tab (the network's F7 reports inbox). */
export const REPORTS_TAB_MODULE = './ReportsTab';

/** What mfe-networks hands the Players tab: the network shown and the viewer's role in it. */
export type PlayersTabProps = { networkId: string; role: Role };
/** The Punishments tab is handed the same. */
export type PunishmentsTabProps = PlayersTabProps;
/** So is the Reports tab. */
export type ReportsTabProps = PlayersTabProps;

/** The id `loadRemote` takes, e.g. remoteModuleId('players', './Routes') -> 'mfe_players/Routes'. */
export const remoteModuleId = (remote: RemoteName, exposed: string = REMOTE_ROUTES_MODULE): string =>
  `${REMOTE_SCOPE[remote]}/${exposed.replace(/^\.\//, '')}`;

/** Checks a parsed /remotes.json: every remote present with an http(s) or root-relative URL. */
export const isRemotesManifest = (value: unknown): value is RemotesManifest => {
  if (typeof value !== 'object' || value === null) return false;
  const entries = value as Record<string, unknown>;
  return REMOTE_NAMES.every((name) => {
    const url = entries[name];
    return typeof url === 'string' && /^(https?:\/\/|\/)/.test(url);
  });
};

/**
 * Reads /remotes.json from the page's origin, as the shell does at start (and mfe-networks for
 * the Players tab); rejects with the reason when it is missing or malformed.
 */
export const fetchRemotesManifest = async (): Promise<RemotesManifest> => {
  const response = await fetch(REMOTES_MANIFEST_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isRemotesManifest(body)) throw new Error(`${REMOTES_MANIFEST_PATH} is not a remotes manifest`);
  return body;
};

/** Where the shell reads the browser's runtime settings. */
export const CLIENT_CONFIG_PATH = '/client.json';

/** Body of /client.json. */
export type ClientConfig = {
  /** Sent as X-API-Key on every /api call. */
  apiKey: string;
  /** Demo mode: View Live Demo signs in the read-only demo user. */
  demo: boolean;
  /**
   * The community chat of this panel's operator: its invite link and the server id of its
   * embeddable widget, each null when not set (then nothing offers a chat).
   */
  community: { inviteUrl: string | null; widgetServerId: string | null };
  /** The address people and bridges reach the panel at (PUBLIC_URL), e.g. in the bridge's command. */
  publicUrl: string;
  /**
   * Whether plans gate anything (PLANS, default on); false: every network gets everything Premium
   * gives, whatever its owner's plan. Absent from older panels: read as on.
   */
  plans?: boolean;
  /** The landing page shows this panel's live totals (PUBLIC_STATS, default off). */
  publicStats?: boolean;
  /** The Premium card's lines the operator set (PREMIUM_PRICE, PREMIUM_SUPPORT). */
  pricing?: PricingSettings;
  /** The providers this panel can sign in with (their client id and secret are set). */
  signInProviders?: readonly SignInProvider[];
};

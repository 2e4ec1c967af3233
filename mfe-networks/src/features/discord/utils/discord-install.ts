import { getApiClientConfig } from '@outpost/api-client';
import { API_PATHS } from '@outpost/contracts';

/**
 * Where Add to Discord sends the browser: the API's install route, which answers 302 to Discord's
 * bot install. A full-page navigation, not a fetch: Discord's page must open in the tab, and the
 * API knows the user by the session cookie that goes with it (there is no header to send).
 */
export const discordInstallUrl = (networkId: string): string =>
  `${getApiClientConfig().baseUrl}${API_PATHS.installDiscord.path(networkId)}`;

/** The page's navigation, as an object a spec can watch (jsdom cannot leave the page). */
export const browserNavigation = {
  assign: (url: string): void => window.location.assign(url),
};

import { useClientConfig } from '@outpost/api-client';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const isLoopback = (url: string): boolean => {
  try {
    return LOOPBACK_HOSTS.includes(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * The panel's address as a game server's machine dials it: the configured public address
 * (PUBLIC_URL), else the page's own origin. A loopback public address (PUBLIC_URL's default is
 * http://localhost:PORT) gives way to a page opened at any other address: no other machine
 * reaches the panel at localhost, and the page's address is one that reached it.
 */
export const panelUrlFor = (publicUrl: string | null, pageOrigin: string): string =>
  publicUrl && !(isLoopback(publicUrl) && !isLoopback(pageOrigin)) ? publicUrl : pageOrigin;

/** The panel's address for what a game server is told: the bridge's command, the ban-check URL. */
export const usePanelUrl = (): string => panelUrlFor(useClientConfig().publicUrl, window.location.origin);

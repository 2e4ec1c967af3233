import type { Browser } from '@playwright/test';
import { panelApi } from './panel-api';
import { signedInPage } from './sign-in';

export type OwnerWithServerOptions = {
  /** The owner's username (and e-mail's local part): unique per run, 3-20 characters. */
  user: string;
  network: string;
  server: string;
  /** The server's connection address as players type it (ip:port). */
  address: string;
  /** Another panel than the suite's (one a spec started itself). */
  baseURL?: string;
};

/**
 * A new owner (signed in, in a browser of their own) of a new network with one server just added;
 * `server.token` is the token the panel shows once, at creation.
 */
export const ownerWithServer = async (browser: Browser, options: OwnerWithServerOptions) => {
  const owner = await signedInPage(browser, options.user, options.baseURL);
  const ownerApi = await panelApi(owner);
  const network = await ownerApi.post<{ id: string }>('/api/networks', { name: options.network });
  const server = await ownerApi.post<{ id: string; token: string }>(`/api/servers/network/${network.id}`, {
    name: options.server,
    connectionAddress: options.address,
  });
  return { owner, ownerApi, network, server };
};

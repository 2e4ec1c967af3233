import { CLIENT_CONFIG_PATH, type ClientConfig } from '@outpost/contracts';

/** The browser's runtime settings (the API key), served by the panel so no build bakes them in. */
export const loadClientConfig = async (): Promise<Partial<ClientConfig>> => {
  try {
    const response = await fetch(CLIENT_CONFIG_PATH, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${CLIENT_CONFIG_PATH} answered ${response.status}`);
    return (await response.json()) as ClientConfig;
  } catch (error) {
    console.error('Client settings could not be loaded; using the defaults', error);
    return {};
  }
};

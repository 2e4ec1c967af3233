// Connection address: IP:PORT or DOMAIN:PORT (spec section 5), as a player would type it into
// the game's client.connect. A bracketed IPv6 literal is accepted too.

export type ConnectionAddress = { host: string; port: number };

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_BRACKETED = /^\[[0-9a-f]*:[0-9a-f:.]*\]$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

const isHostname = (host: string): boolean => {
  if (host.length > 253) return false;
  const labels = host.split('.');
  // An all-numeric last label means the user meant an IP (e.g. 999.1.1.1), which IPV4 refused.
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1]);
};

/** A hostname, an IPv4 address or a bracketed IPv6 literal (no port). */
export const isHost = (host: string): boolean =>
  IPV4.test(host) || IPV6_BRACKETED.test(host) || isHostname(host);

/** Host and port of an address, or null when it is not IP:PORT or DOMAIN:PORT. */
export const parseConnectionAddress = (value: string): ConnectionAddress | null => {
  const match = /^(.+):(\d{1,5})$/.exec(value.trim());
  if (!match) return null;
  const [, host, portText] = match;
  const port = Number(portText);
  if (port < 1 || port > 65535) return null;
  if (!isHost(host)) return null;
  return { host, port };
};

export const isConnectionAddress = (value: string): boolean => parseConnectionAddress(value) !== null;

// The spec's reconnect schedule lives in contracts, shared with the live stream.
export { reconnectDelayMs } from '@outpost/contracts';

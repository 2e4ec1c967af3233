/** Seconds between heartbeats the API asks for (each answer's nextHeartbeatSeconds). */
export const HEARTBEAT_INTERVAL_SECONDS = 10;

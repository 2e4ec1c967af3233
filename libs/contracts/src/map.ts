// The live map of a server (GET /api/servers/{id}/map, the map image routes, `map.positions` on
// the live stream). Premium: a free network gets 403 plan_required.

/** How long players' positions are kept (the trails): older ones are deleted by the leader. */
export const MAP_TRAIL_MINUTES = 15;
/** At most one stored position per player per this many seconds (a heartbeat is every 10 s). */
export const MAP_POSITION_INTERVAL_SECONDS = 10;
/** The largest map image an owner or admin may upload. */
export const MAP_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Its largest side in pixels (the game renders maps up to 4096 px; a larger one is refused). */
export const MAP_IMAGE_MAX_SIDE = 8192;
export const MAP_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type MapImageType = (typeof MAP_IMAGE_TYPES)[number];

/** A point of a player's trail: world x (east) and z (north) in metres, and when. */
export type MapTrailPoint = { x: number; z: number; at: string };

/** An online player where the server last reported them. */
export type MapPlayer = {
  steamId: string;
  name: string;
  x: number;
  z: number;
  /** The grid reference ("G12"), null off the map. */
  grid: string | null;
  /** When this position was reported. */
  at: string;
};

export type MapImage = {
  /** GET it (the panel's API path; send the usual token). */
  url: string;
  contentType: MapImageType;
  width: number;
  height: number;
  bytes: number;
  uploadedAt: string;
};

export type ServerMap = {
  serverId: string;
  /** The world's side in metres as the server last reported it; null before any report says. */
  worldSize: number | null;
  seed: number | null;
  /** The map's name (e.g. "Procedural Map"), null when unknown. */
  mapName: string | null;
  /** The seed's public map page (rustmaps.com) for a procedural map of known size and seed. */
  publicMapUrl: string | null;
  players: MapPlayer[];
  /** Each online player's positions of the last MAP_TRAIL_MINUTES, oldest first. */
  trails: Record<string, MapTrailPoint[]>;
  image: MapImage | null;
};

/** The seed's public map page, as rustmaps.com addresses procedural maps: /map/{size}_{seed}. */
export const publicMapUrlOf = (worldSize: number | null, seed: number | null): string | null =>
  worldSize && seed !== null && Number.isInteger(seed)
    ? `https://rustmaps.com/map/${worldSize}_${seed}`
    : null;

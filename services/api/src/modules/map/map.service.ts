import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  gridReference,
  MAP_TRAIL_MINUTES,
  publicMapUrlOf,
  type MapImage,
  type MapImageType,
  type MapTrailPoint,
  type ServerMap,
} from '@outpost/contracts';
import type { GameServer } from '../servers';
import { checkMapImage } from './map-image';
import { mapErrors } from './map.errors';
import type { WorldRow } from './map-writer';

/**
 * A roster older than this is not shown as online (the sweep sets a server offline after 3 missed
 * heartbeats, 30 s; plus a flush).
 */
const ROSTER_FRESH_MS = 45_000;

type WorldRecord = {
  world_size: number | null;
  seed: number | string | null;
  map_name: string | null;
  reported_at: number | string;
  players: string;
};
type ImageRecord = {
  content_type: MapImageType;
  width: number;
  height: number;
  bytes: number;
  uploaded_at: number | string;
};

const imageOf = (serverId: string, row: ImageRecord): MapImage => ({
  url: `/api/servers/${encodeURIComponent(serverId)}/map/image`,
  contentType: row.content_type,
  width: Number(row.width),
  height: Number(row.height),
  bytes: Number(row.bytes),
  uploadedAt: new Date(Number(row.uploaded_at)).toISOString(),
});

/** A blob as either driver reads it (Buffer on PostgreSQL, ArrayBuffer or Uint8Array on libsql). */
const bufferOf = (value: unknown): Buffer =>
  Buffer.isBuffer(value)
    ? value
    : value instanceof ArrayBuffer
      ? Buffer.from(value)
      : Buffer.from(value as Uint8Array);

/** The live map's reads and the map image (map_worlds, map_positions, map_images). */
@Injectable()
export class MapService {
  constructor(private readonly em: EntityManager) {}

  async serverMap(server: GameServer, now = new Date()): Promise<ServerMap> {
    const connection = this.em.fork().getConnection();
    const [[world], [image]] = await Promise.all([
      connection.execute<WorldRecord[]>(
        'select world_size, seed, map_name, reported_at, players from map_worlds where server_id = ?',
        [server.id],
      ),
      connection.execute<ImageRecord[]>(
        'select content_type, width, height, bytes, uploaded_at from map_images where server_id = ?',
        [server.id],
      ),
    ]);
    const worldSize = world?.world_size == null ? null : Number(world.world_size);
    const seed = world?.seed == null ? null : Number(world.seed);
    const online =
      world && server.status !== 'offline' && now.getTime() - Number(world.reported_at) <= ROSTER_FRESH_MS
        ? (JSON.parse(world.players) as WorldRow['players'])
        : [];
    const at = world ? new Date(Number(world.reported_at)).toISOString() : now.toISOString();
    return {
      serverId: server.id,
      worldSize,
      seed,
      mapName: world?.map_name ?? server.map ?? null,
      publicMapUrl: publicMapUrlOf(worldSize, seed),
      players: online.map((p) => ({
        ...p,
        grid: worldSize ? gridReference(p.x, p.z, worldSize) : null,
        at,
      })),
      trails: await this.trailsOf(server.id, new Set(online.map((p) => p.steamId)), now),
      image: image ? imageOf(server.id, image) : null,
    };
  }

  /** The online players' points of the last 15 minutes, oldest first. */
  private async trailsOf(
    serverId: string,
    online: ReadonlySet<string>,
    now: Date,
  ): Promise<Record<string, MapTrailPoint[]>> {
    const trails: Record<string, MapTrailPoint[]> = {};
    if (online.size === 0) return trails;
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ steam_id: string; at: number | string; x: number; z: number }[]>(
        'select steam_id, at, x, z from map_positions where server_id = ? and at >= ? order by steam_id, at',
        [serverId, now.getTime() - MAP_TRAIL_MINUTES * 60_000],
      );
    for (const row of rows) {
      if (!online.has(row.steam_id)) continue;
      (trails[row.steam_id] ??= []).push({
        x: Number(row.x),
        z: Number(row.z),
        at: new Date(Number(row.at)).toISOString(),
      });
    }
    return trails;
  }

  /** Stores the server's map image (replacing one), after checking its bytes; nothing on a refusal. */
  async putImage(server: GameServer, data: Buffer, now = new Date()): Promise<MapImage> {
    if (data.length === 0) throw mapErrors.imageMissing();
    const checked = checkMapImage(data);
    if (!checked) throw mapErrors.imageNotAnImage();
    const row: ImageRecord = {
      content_type: checked.contentType,
      width: checked.width,
      height: checked.height,
      bytes: data.length,
      uploaded_at: now.getTime(),
    };
    // One statement: the new image replaces the old one whole, or nothing changes.
    await this.em
      .fork()
      .getConnection()
      .execute(
        `insert into map_images (server_id, network_id, content_type, width, height, bytes, data, uploaded_at)
          values (?, ?, ?, ?, ?, ?, ?, ?)
          on conflict (server_id) do update set network_id = excluded.network_id,
            content_type = excluded.content_type, width = excluded.width, height = excluded.height,
            bytes = excluded.bytes, data = excluded.data, uploaded_at = excluded.uploaded_at`,
        [
          server.id,
          server.networkId,
          row.content_type,
          row.width,
          row.height,
          row.bytes,
          data,
          row.uploaded_at,
        ],
        'run',
      );
    return imageOf(server.id, row);
  }

  async deleteImage(server: GameServer): Promise<void> {
    const { affectedRows } = await this.em
      .fork()
      .getConnection()
      .execute('delete from map_images where server_id = ?', [server.id], 'run');
    if (affectedRows === 0) throw mapErrors.imageNotFound();
  }

  async image(server: GameServer): Promise<{ contentType: MapImageType; data: Buffer }> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<{ content_type: MapImageType; data: unknown }[]>(
        'select content_type, data from map_images where server_id = ?',
        [server.id],
      );
    if (!row) throw mapErrors.imageNotFound();
    return { contentType: row.content_type, data: bufferOf(row.data) };
  }
}

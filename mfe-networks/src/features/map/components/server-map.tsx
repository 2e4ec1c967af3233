import { can, isFreeNetwork, isPlanRequired, paths, type Network, type Server } from '@outpost/contracts';
import { useNavigate } from '@outpost/router';
import { Button, EmptyState, ErrorState, PremiumRequired, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetMapImageQuery, useGetServerMapQuery } from '../api/map.api';
import { ZOOM_STEP } from '../utils/map-view';
import { MapCanvas } from './map-canvas';
import { MapImageControl } from './map-image-control';

export type ServerMapViewProps = { server: Server; network: Network };

/** The Map area: toolbar (zoom, trails, follow, image), the canvas, and its states. */
export const ServerMapView = ({ server, network }: ServerMapViewProps) => {
  // A Free network's map is not asked for: the API would refuse it (403).
  const free = isFreeNetwork(network);
  const query = useGetServerMapQuery(server.id, { skip: free });
  const map = query.data;
  const image = useGetMapImageQuery(
    { serverId: server.id, uploadedAt: map?.image?.uploadedAt ?? '' },
    { skip: !map?.image },
  );
  const navigate = useNavigate();
  const readOnly = useReadOnly();
  const [showTrails, setShowTrails] = useState(false);
  const [following, setFollowing] = useState<string | null>(null);
  const [zoomRequest, setZoomRequest] = useState({ n: 0, factor: 1 });

  if (free || (query.isError && isPlanRequired(query.error))) return <PremiumRequired feature="liveMap" />;
  if (query.isError)
    return (
      <ErrorState
        title="Failed to load the map"
        message={errorMessage(query.error, 'The panel could not read this server’s map.')}
        onRetry={() => void query.refetch()}
      />
    );
  if (!map) return <Spinner label="Loading the map…" showLabel />;
  if (!map.worldSize)
    return (
      <EmptyState
        title="No map yet"
        message="The map appears once the server reports its world size (with its next heartbeat)."
      />
    );

  // Owners and admins; the demo (an admin) sees the image control disabled, saying why.
  const manages = can(network.role, 'servers.manage');
  const players = [...map.players].sort((a, b) => a.name.localeCompare(b.name));
  const followed = following && map.players.some((p) => p.steamId === following) ? following : null;
  const zoom = (factor: number) => setZoomRequest((z) => ({ n: z.n + 1, factor }));

  return (
    <section className="map-area" aria-label="Live map">
      <div className="map-area__toolbar">
        <div className="map-area__group" role="group" aria-label="Zoom">
          <Button variant="secondary" size="sm" onClick={() => zoom(ZOOM_STEP)} aria-label="Zoom in">
            +
          </Button>
          <Button variant="secondary" size="sm" onClick={() => zoom(1 / ZOOM_STEP)} aria-label="Zoom out">
            −
          </Button>
        </div>
        <label className="map-area__toggle">
          <input type="checkbox" checked={showTrails} onChange={(e) => setShowTrails(e.target.checked)} />{' '}
          Trails (last 15 minutes)
        </label>
        <label className="map-area__follow">
          Follow{' '}
          <select
            value={followed ?? ''}
            onChange={(e) => setFollowing(e.target.value || null)}
            disabled={players.length === 0}
          >
            <option value="">Nobody</option>
            {players.map((p) => (
              <option key={p.steamId} value={p.steamId}>
                {p.name} ({p.grid ?? 'off the grid'})
              </option>
            ))}
          </select>
        </label>
        <span className="map-area__meta">
          {map.worldSize} m{map.seed !== null ? ` · seed ${map.seed}` : ''}
          {map.publicMapUrl && (
            <>
              {' · '}
              <a href={map.publicMapUrl} target="_blank" rel="noreferrer noopener">
                Public map page
              </a>
            </>
          )}
        </span>
        {manages && <MapImageControl serverId={server.id} image={map.image} readOnly={readOnly} />}
      </div>
      {map.players.length === 0 && (
        <p className="map-area__empty" role="status">
          No players online
        </p>
      )}
      <MapCanvas
        worldSize={map.worldSize}
        players={map.players}
        trails={map.trails}
        showTrails={showTrails}
        following={followed}
        imageUrl={map.image ? (image.data ?? null) : null}
        onOpenPlayer={(steamId) => navigate(paths.playerProfile(network.id, steamId))}
        zoomRequest={zoomRequest}
        onStopFollowing={() => setFollowing(null)}
      />
    </section>
  );
};

import type { MapPlayer, ServerMap } from '@outpost/contracts';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type WheelEvent,
} from 'react';
import {
  dotAt,
  fitView,
  followView,
  hoverText,
  PAN_STEP_PX,
  panBy,
  ZOOM_STEP,
  zoomAt,
  type MapView,
  type Size,
} from '../utils/map-view';
import { gridLabelLayout } from '../utils/grid-labels';
import { drawMap } from './draw-map';

export type MapCanvasProps = {
  worldSize: number;
  players: readonly MapPlayer[];
  trails: ServerMap['trails'];
  showTrails: boolean;
  /** The followed player's steamId: the view stays centred on them. */
  following: string | null;
  imageUrl: string | null;
  onOpenPlayer: (steamId: string) => void;
  /** Zoom asked from outside (the toolbar's buttons): a counter and a factor. */
  zoomRequest: { n: number; factor: number };
  /** A dragging pan ends following (the view is the user's again). */
  onStopFollowing: () => void;
};

/**
 * The map on a plain 2D canvas: the image (if uploaded) under the grid and its references, the
 * trails, the players as dots. Drawn in requestAnimationFrame, and only when something changed
 * (the view, the players, the size), so 300 players cost one batched path per frame.
 */
export const MapCanvas = ({
  worldSize,
  players,
  trails,
  showTrails,
  following,
  imageUrl,
  onOpenPlayer,
  zoomRequest,
  onStopFollowing,
}: MapCanvasProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<Size>({ width: 800, height: 600 });
  const [view, setView] = useState<MapView>(() => fitView({ width: 800, height: 600 }, worldSize));
  const [hover, setHover] = useState<{ player: MapPlayer; sx: number; sy: number } | null>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const [imageReady, setImageReady] = useState(0);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const frame = useRef(0);
  const touched = useRef(false);
  const change = (next: (v: MapView) => MapView) => {
    touched.current = true;
    setView(next);
  };

  // The canvas follows its box's size (and the screen's pixel density).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) {
        setSize({ width, height });
        // Until the user moves the map, it keeps the whole world in view.
        if (!touched.current) setView(fitView({ width, height }, worldSize));
      }
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [worldSize]);

  useEffect(() => {
    if (!imageUrl) {
      image.current = null;
      setImageReady((n) => n + 1);
      return;
    }
    const img = new Image();
    img.onload = () => {
      image.current = img;
      setImageReady((n) => n + 1);
    };
    img.src = imageUrl;
  }, [imageUrl]);

  const followed = following ? players.find((p) => p.steamId === following) : undefined;
  const followX = followed?.x;
  const followZ = followed?.z;
  const shown = useMemo(
    () =>
      followX === undefined || followZ === undefined
        ? view
        : followView(view, worldSize, { x: followX, z: followZ }),
    [view, worldSize, followX, followZ],
  );

  useEffect(() => {
    if (zoomRequest.n > 0)
      change((v) =>
        zoomAt(followed ? followView(v, worldSize, followed) : v, size, worldSize, zoomRequest.factor),
      );
    // Only a new request zooms.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zoomRequest.n]);

  // The grid's references for this view (the canvas says how many it draws, and how).
  const labels = useMemo(() => gridLabelLayout(shown, size, worldSize), [shown, size, worldSize]);

  // One frame per change, at most one per display refresh.
  useEffect(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      drawMap(
        ctx,
        canvas,
        size,
        shown,
        worldSize,
        players,
        showTrails ? trails : null,
        image.current,
        following,
        labels,
      );
    });
    return () => cancelAnimationFrame(frame.current);
  }, [size, shown, worldSize, players, trails, showTrails, following, imageReady, labels]);

  const pointerAt = (event: { clientX: number; clientY: number }) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { sx: event.clientX - rect.left, sy: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, moved: false };
    try {
      // The drag goes on when the pointer leaves the canvas.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // A pointer the browser no longer knows (a synthetic one): the drag works without capture.
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (d) {
      const dx = event.clientX - d.x;
      const dy = event.clientY - d.y;
      if (d.moved || Math.abs(dx) + Math.abs(dy) > 3) {
        if (!d.moved && following) onStopFollowing();
        d.moved = true;
        drag.current = { x: event.clientX, y: event.clientY, moved: true };
        change((v) => panBy(followed ? followView(v, worldSize, followed) : v, worldSize, dx, dy));
        setHover(null);
        return;
      }
    }
    const { sx, sy } = pointerAt(event);
    const player = dotAt(players, shown, size, sx, sy);
    setHover(player ? { player, sx, sy } : null);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) {
      const { sx, sy } = pointerAt(event);
      const player = dotAt(players, shown, size, sx, sy);
      if (player) onOpenPlayer(player.steamId);
    }
  };
  const onWheel = (event: WheelEvent<HTMLCanvasElement>) => {
    const { sx, sy } = pointerAt(event);
    const factor = event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
    change((v) =>
      zoomAt(
        followed ? followView(v, worldSize, followed) : v,
        size,
        worldSize,
        factor,
        followed ? undefined : sx,
        followed ? undefined : sy,
      ),
    );
  };
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLCanvasElement>) => {
      const zoom =
        event.key === '+' || event.key === '=' ? ZOOM_STEP : event.key === '-' ? 1 / ZOOM_STEP : null;
      if (zoom) {
        event.preventDefault();
        change((v) => zoomAt(v, size, worldSize, zoom));
        return;
      }
      const pan: Record<string, [number, number]> = {
        ArrowLeft: [PAN_STEP_PX, 0],
        ArrowRight: [-PAN_STEP_PX, 0],
        ArrowUp: [0, PAN_STEP_PX],
        ArrowDown: [0, -PAN_STEP_PX],
      };
      const step = pan[event.key];
      if (!step) return;
      event.preventDefault();
      if (following) onStopFollowing();
      change((v) => panBy(followed ? followView(v, worldSize, followed) : v, worldSize, step[0], step[1]));
    },
    [size, worldSize, following, followed, onStopFollowing],
  );

  return (
    <div className="map-canvas">
      <canvas
        ref={canvasRef}
        className="map-canvas__canvas"
        tabIndex={0}
        role="application"
        aria-label={`Map of the server, ${players.length} players shown. Arrow keys pan, + and - zoom.`}
        data-testid="map-canvas"
        data-scale={shown.scale}
        data-grid-labels={labels.labels.length}
        data-grid-label-mode={labels.mode}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => setHover(null)}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
        style={{ cursor: hover ? 'pointer' : 'grab' }}
      />
      {hover && (
        <div
          className="map-canvas__tooltip"
          role="tooltip"
          style={{ left: hover.sx + 12, top: hover.sy + 12 }}
        >
          {hoverText(hover.player)}
        </div>
      )}
    </div>
  );
};

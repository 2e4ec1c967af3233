import { MAP_GRID_CELL_METRES, type MapPlayer, type ServerMap } from '@outpost/contracts';
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
  gridLabels,
  hoverText,
  PAN_STEP_PX,
  panBy,
  toScreen,
  toWorld,
  ZOOM_STEP,
  zoomAt,
  type MapView,
  type Size,
} from '../utils/map-view';

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

const COLORS = { background: '#1b2330', grid: 'rgba(255,255,255,0.16)', label: 'rgba(255,255,255,0.7)' };

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

  // One frame per change, at most one per display refresh.
  useEffect(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      draw(
        ctx,
        canvas,
        size,
        shown,
        worldSize,
        players,
        showTrails ? trails : null,
        image.current,
        following,
      );
    });
    return () => cancelAnimationFrame(frame.current);
  }, [size, shown, worldSize, players, trails, showTrails, following, imageReady]);

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

type Bounds = { minX: number; maxX: number; minZ: number; maxZ: number };
/** A trail's extent in the world, computed once per trail (a live update makes new arrays). */
const trailBounds = new WeakMap<readonly { x: number; z: number }[], Bounds>();
const boundsOf = (trail: readonly { x: number; z: number }[]): Bounds => {
  let box = trailBounds.get(trail);
  if (!box) {
    box = { minX: Infinity, maxX: -Infinity, minZ: Infinity, maxZ: -Infinity };
    for (const { x, z } of trail) {
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minZ = Math.min(box.minZ, z);
      box.maxZ = Math.max(box.maxZ, z);
    }
    trailBounds.set(trail, box);
  }
  return box;
};

const draw = (
  ctx: CanvasRenderingContext2D,
  canvas: HTMLCanvasElement,
  size: Size,
  view: MapView,
  worldSize: number,
  players: readonly MapPlayer[],
  trails: ServerMap['trails'] | null,
  image: HTMLImageElement | null,
  following: string | null,
) => {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(size.width * ratio);
  const height = Math.round(size.height * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#0f141c';
  ctx.fillRect(0, 0, size.width, size.height);
  const nw = toScreen(view, size, -worldSize / 2, worldSize / 2);
  const side = worldSize * view.scale;
  if (image) ctx.drawImage(image, nw.sx, nw.sy, side, side);
  else {
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(nw.sx, nw.sy, side, side);
  }

  // The grid: one path for every line.
  const cell = MAP_GRID_CELL_METRES * view.scale;
  const { columns, rows } = gridLabels(worldSize);
  ctx.beginPath();
  for (let i = 0; i <= columns.length; i++) {
    const x = Math.round(nw.sx + Math.min(i * cell, side)) + 0.5;
    ctx.moveTo(x, nw.sy);
    ctx.lineTo(x, nw.sy + side);
    const y = Math.round(nw.sy + Math.min(i * cell, side)) + 0.5;
    ctx.moveTo(nw.sx, y);
    ctx.lineTo(nw.sx + side, y);
  }
  ctx.strokeStyle = COLORS.grid;
  ctx.lineWidth = 1;
  ctx.stroke();

  // A cell's reference in its top-left corner, when cells are large enough to read it.
  if (cell >= 22) {
    ctx.fillStyle = COLORS.label;
    ctx.font = `${Math.min(12, cell / 4)}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    const first = Math.max(0, Math.floor(-nw.sx / cell));
    const last = Math.min(columns.length - 1, Math.floor((size.width - nw.sx) / cell));
    const top = Math.max(0, Math.floor(-nw.sy / cell));
    const bottom = Math.min(rows.length - 1, Math.floor((size.height - nw.sy) / cell));
    for (let c = first; c <= last; c++)
      for (let r = top; r <= bottom; r++)
        ctx.fillText(`${columns[c].label}${rows[r].label}`, nw.sx + c * cell + 3, nw.sy + r * cell + 3);
  }

  if (trails) {
    // Only the trails that cross the view are stroked: zoomed in, most of 300 are off screen, and
    // rasterizing their segments would be most of the frame.
    const topLeft = toWorld(view, size, 0, 0);
    const bottomRight = toWorld(view, size, size.width, size.height);
    ctx.beginPath();
    for (const player of players) {
      const trail = trails[player.steamId];
      if (!trail || trail.length < 2) continue;
      const box = boundsOf(trail);
      if (
        box.maxX < topLeft.x ||
        box.minX > bottomRight.x ||
        box.maxZ < bottomRight.z ||
        box.minZ > topLeft.z
      )
        continue;
      trail.forEach((point, i) => {
        const p = toScreen(view, size, point.x, point.z);
        if (i === 0) ctx.moveTo(p.sx, p.sy);
        else ctx.lineTo(p.sx, p.sy);
      });
    }
    // Opaque and 1 px: a translucent or wider stroke costs about half again as much to rasterize.
    ctx.strokeStyle = '#b8922a';
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  // Every dot in one path, then the followed one on top.
  ctx.beginPath();
  for (const player of players) {
    const p = toScreen(view, size, player.x, player.z);
    if (p.sx < -5 || p.sy < -5 || p.sx > size.width + 5 || p.sy > size.height + 5) continue;
    ctx.moveTo(p.sx + 4, p.sy);
    ctx.arc(p.sx, p.sy, 4, 0, Math.PI * 2);
  }
  ctx.fillStyle = '#4ade80';
  ctx.fill();
  ctx.strokeStyle = '#0b3d1c';
  ctx.lineWidth = 1;
  ctx.stroke();
  const followedPlayer = following ? players.find((p) => p.steamId === following) : undefined;
  if (followedPlayer) {
    const p = toScreen(view, size, followedPlayer.x, followedPlayer.z);
    ctx.beginPath();
    ctx.arc(p.sx, p.sy, 7, 0, Math.PI * 2);
    ctx.strokeStyle = '#facc15';
    ctx.lineWidth = 2;
    ctx.stroke();
  }
};

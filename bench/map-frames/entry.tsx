// The map's canvas alone, as the Map area renders it, with N synthetic players (?players=N) and
// their 15-minute trails (?trails=1). Every rAF callback is timed (window.__frames).
import { createRoot } from 'react-dom/client';
import type { MapPlayer, ServerMap } from '@outpost/contracts';
import { gridReference } from '@outpost/contracts';
import { MapCanvas } from '../../mfe-networks/src/features/map/components/map-canvas';
import '../../mfe-networks/src/features/map/map.css';

declare global {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __frames: { start: number; ms: number }[];
    __raf: typeof requestAnimationFrame;
  }
}

// The map's frames: each callback timed, with a one-pixel read of the canvas after it, which makes
// Chromium rasterize what was drawn now (a 2D canvas otherwise records and draws later, off this
// clock). The driver of the pan uses __raf, the untimed original.
window.__frames = [];
window.__raf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  window.__raf((time) => {
    const start = performance.now();
    callback(time);
    document.querySelector('canvas')?.getContext('2d')?.getImageData(0, 0, 1, 1);
    window.__frames.push({ start, ms: performance.now() - start });
  });

const params = new URLSearchParams(location.search);
const count = Number(params.get('players') ?? 300);
const WORLD = 4000;
// A fixed pseudo-random spread (the same every run).
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const players: MapPlayer[] = Array.from({ length: count }, (_, i) => {
  const x = (random() - 0.5) * WORLD * 0.9;
  const z = (random() - 0.5) * WORLD * 0.9;
  return {
    steamId: String(76561198000000000 + i),
    name: `Player ${i}`,
    x,
    z,
    grid: gridReference(x, z, WORLD),
    at: '',
  };
});
const trails: ServerMap['trails'] = {};
if (params.get('trails') === '1')
  for (const p of players)
    trails[p.steamId] = Array.from({ length: 90 }, (_, k) => ({
      x: p.x - (90 - k) * 2,
      z: p.z + Math.sin(k / 5) * 20,
      at: '',
    }));

createRoot(document.getElementById('root')!).render(
  <div style={{ width: 1280, height: 800 }}>
    <MapCanvas
      worldSize={WORLD}
      players={players}
      trails={trails}
      showTrails={params.get('trails') === '1'}
      following={null}
      imageUrl={null}
      onOpenPlayer={() => undefined}
      zoomRequest={{ n: 0, factor: 1 }}
      onStopFollowing={() => undefined}
    />
  </div>,
);

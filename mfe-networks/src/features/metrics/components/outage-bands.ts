import type uPlot from 'uplot';

/** Offline spans, shaded behind the lines: red enough to see, faint enough to read the lines through. */
const BAND_FILL = 'rgba(239, 68, 68, 0.18)';
/** A band narrower than this (an outage of a few seconds on a 30-day chart) is still seen. */
const MIN_BAND_PX = 2;

/**
 * A uPlot plugin that shades each span (Unix seconds) where the server was offline, drawn after
 * the canvas is cleared and before the axes and lines. `spans()` is read on every draw, so new
 * outages need only a redraw; `drawn` learns how many bands are on the canvas (what tests and
 * the container's `data-outage-bands` read).
 */
export const outageBandsPlugin = (
  spans: () => readonly [number, number][],
  drawn: (count: number) => void,
): uPlot.Plugin => ({
  hooks: {
    drawClear: [
      (u) => {
        const { left, top, width, height } = u.bbox;
        const [min, max] = [u.scales.x.min ?? -Infinity, u.scales.x.max ?? Infinity];
        let count = 0;
        u.ctx.save();
        u.ctx.fillStyle = BAND_FILL;
        for (const [from, to] of spans()) {
          if (to < min || from > max) continue;
          const x0 = Math.max(left, u.valToPos(Math.max(from, min), 'x', true));
          const x1 = Math.min(left + width, u.valToPos(Math.min(to, max), 'x', true));
          u.ctx.fillRect(x0, top, Math.max(x1 - x0, MIN_BAND_PX), height);
          count += 1;
        }
        u.ctx.restore();
        drawn(count);
      },
    ],
  },
});

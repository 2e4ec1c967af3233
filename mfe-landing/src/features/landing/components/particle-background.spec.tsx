import { act, render, screen } from '@testing-library/react';
import { ParticleBackground } from './particle-background';

let hidden = false;
let reducedMotion = false;
let frames: Map<number, FrameRequestCallback>;
let motionListeners: Set<() => void>;
let nextFrame = 0;
const draws = { count: 0 };

beforeEach(() => {
  hidden = false;
  reducedMotion = false;
  frames = new Map();
  draws.count = 0;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  motionListeners = new Set();
  window.matchMedia = jest.fn((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && reducedMotion;
    },
    addEventListener: (_type: string, listener: () => void) => motionListeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => motionListeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  window.requestAnimationFrame = jest.fn((callback: FrameRequestCallback) => {
    frames.set(++nextFrame, callback);
    return nextFrame;
  });
  window.cancelAnimationFrame = jest.fn((id: number) => void frames.delete(id));
  const context = {
    clearRect: () => (draws.count += 1),
    beginPath: () => undefined,
    arc: () => undefined,
    fill: () => undefined,
  };
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue(context as unknown as CanvasRenderingContext2D);
});
afterEach(() => jest.restoreAllMocks());

/** Runs the frames the browser would paint next. */
const paint = () => {
  const due = [...frames];
  frames.clear();
  for (const [, callback] of due) callback(performance.now());
};
const setHidden = (value: boolean) =>
  act(() => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('ParticleBackground', () => {
  it('is a decorative canvas, hidden from assistive tech', () => {
    render(<ParticleBackground />);
    expect(screen.getByTestId('particles')).toHaveAttribute('aria-hidden', 'true');
  });

  it('animates while the tab is visible and pauses while it is hidden', () => {
    render(<ParticleBackground />);
    expect(frames.size).toBe(1);
    const first = draws.count;
    paint();
    paint();
    expect(draws.count).toBe(first + 2);

    setHidden(true);
    expect(frames.size).toBe(0);
    paint();
    expect(draws.count).toBe(first + 2);

    setHidden(false);
    expect(frames.size).toBe(1);
    paint();
    expect(draws.count).toBe(first + 3);
  });

  it('is drawn and stays still when the user prefers reduced motion, also after a resize', () => {
    reducedMotion = true;
    render(<ParticleBackground />);
    expect(draws.count).toBeGreaterThan(0);
    setHidden(true);
    setHidden(false);
    expect(window.requestAnimationFrame).not.toHaveBeenCalled();
    // Sizing the canvas clears it: a still canvas is drawn again, not left blank.
    const before = draws.count;
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(draws.count).toBe(before + 1);
    expect(window.requestAnimationFrame).not.toHaveBeenCalled();
  });

  it('follows the motion setting changed while the page is open', () => {
    render(<ParticleBackground />);
    expect(frames.size).toBe(1);
    reducedMotion = true;
    act(() => motionListeners.forEach((listener) => listener()));
    expect(frames.size).toBe(0);
    reducedMotion = false;
    act(() => motionListeners.forEach((listener) => listener()));
    expect(frames.size).toBe(1);
  });

  it('stops animating when the page leaves', () => {
    const { unmount } = render(<ParticleBackground />);
    unmount();
    expect(frames.size).toBe(0);
    expect(motionListeners.size).toBe(0);
    setHidden(false);
    expect(frames.size).toBe(0);
  });
});

import { useEffect, useRef } from 'react';

const PARTICLES = 48;

type Particle = { x: number; y: number; vx: number; vy: number; r: number };

const seed = (width: number, height: number): Particle[] =>
  Array.from({ length: PARTICLES }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * 0.3,
    vy: (Math.random() - 0.5) * 0.3,
    r: 1 + Math.random() * 1.5,
  }));

/**
 * Decorative particles behind the landing page: one canvas, aria-hidden, paused while the tab is
 * hidden, drawn once and left still when the user prefers reduced motion (also when they change
 * that setting with the page open).
 */
export const ParticleBackground = () => {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let reduced = motion.matches;
    let particles: Particle[] = [];
    let frame = 0;

    const draw = () => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = 'rgba(96, 165, 250, 0.45)';
      for (const p of particles) {
        context.beginPath();
        context.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        context.fill();
      }
    };
    // Sizing a canvas clears it: drawn again at once, so a still one never goes blank.
    const resize = () => {
      canvas.width = canvas.clientWidth;
      canvas.height = canvas.clientHeight;
      particles = seed(canvas.width, canvas.height);
      draw();
    };
    const step = () => {
      for (const p of particles) {
        p.x = (p.x + p.vx + canvas.width) % canvas.width;
        p.y = (p.y + p.vy + canvas.height) % canvas.height;
      }
      draw();
      frame = requestAnimationFrame(step);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      if (reduced || document.hidden) draw();
      else frame = requestAnimationFrame(step);
    };
    const onVisibility = () => (document.hidden ? cancelAnimationFrame(frame) : start());
    const onMotion = () => {
      reduced = motion.matches;
      start();
    };

    resize();
    start();
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibility);
    motion.addEventListener('change', onMotion);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      motion.removeEventListener('change', onMotion);
    };
  }, []);

  return <canvas ref={canvasRef} className="op-particles" aria-hidden="true" data-testid="particles" />;
};

import { useEffect, useState, type RefObject } from 'react';

/**
 * Which ends of a sideways-scrolling element hide content: 'start', 'end', both ('start end'), or
 * undefined when it all fits. Followed on scroll and on resize, for a cue that there is more.
 */
export const useScrollEdges = (ref: RefObject<HTMLElement | null>): string | undefined => {
  const [edges, setEdges] = useState<string | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const { scrollLeft, scrollWidth, clientWidth } = element;
      // A pixel of slack: zoomed pages report fractional scroll positions.
      const hidden = [scrollLeft > 1 && 'start', scrollLeft + clientWidth < scrollWidth - 1 && 'end'];
      setEdges(hidden.filter(Boolean).join(' ') || undefined);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [ref]);
  return edges;
};

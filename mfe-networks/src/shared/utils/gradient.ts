import type { Gradient } from '@outpost/contracts';
import type { CSSProperties } from 'react';

/** Inline style for a gradient banner. */
export const gradientStyle = (gradient: Gradient): CSSProperties => ({
  backgroundImage: `linear-gradient(${gradient.direction}, ${gradient.from}, ${gradient.to})`,
});

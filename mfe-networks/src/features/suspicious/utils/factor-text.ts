import type { SuspiciousFactor, SuspiciousPlayer, SuspiciousPopulation } from '@outpost/contracts';

/** The factors that add to the score, largest first. */
export const contributing = (player: SuspiciousPlayer): SuspiciousFactor[] =>
  player.factors.filter((factor) => factor.contribution > 0).sort((a, b) => b.contribution - a.contribution);

/** "Reports 3 from 3 players · K/D 12.5 (z=3.1)": the top factors, as the list shows them inline. */
export const topFactorsText = (player: SuspiciousPlayer, count = 3): string =>
  contributing(player)
    .slice(0, count)
    .map((factor) => `${factor.label} ${factor.summary}`)
    .join(' · ');

const figure = (value: number) => (Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2));

/** "mean 1.20, deviation 0.40 over 412 players". */
export const populationText = ({ mean, deviation, players }: SuspiciousPopulation): string =>
  `mean ${figure(mean)}, deviation ${figure(deviation)} over ${players} ${players === 1 ? 'player' : 'players'}`;

/** A contribution as the list shows it: "+30", "+24.8", "0". */
export const contributionText = (value: number): string =>
  value > 0 ? `+${Number.isInteger(value) ? value : value.toFixed(1)}` : '0';

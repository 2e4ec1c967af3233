import { CONTRACTS_VERSION } from '@outpost/contracts';
import { loadedBuilds, mismatches } from './remote-builds';

/**
 * The list the footer's Versions opens on, as the page's remotes stand when it is opened: each build
 * whose manifest was read, and whether the panel refused to load it.
 */
export default function LoadedVersions() {
  return (
    <ul aria-label="Loaded areas">
      <li>panel: contracts {CONTRACTS_VERSION}</li>
      {[...loadedBuilds].map(([name, build]) => (
        <li key={name}>
          {name}: {build.buildVersion}, contracts {build.contractsVersion ?? 'unknown'}
          {/* Read but refused: the area shows its explained fallback instead. */}
          {mismatches.has(name) && ' (not loaded: built for another version of the panel)'}
        </li>
      ))}
    </ul>
  );
}

import { CONTRACTS_VERSION } from '@outpost/contracts';
import { loadedBuilds } from './remote-builds';

/** The list the footer's Versions opens on, as the page's remotes stand when it is opened. */
export default function LoadedVersions() {
  return (
    <ul aria-label="Loaded areas">
      <li>panel: contracts {CONTRACTS_VERSION}</li>
      {[...loadedBuilds].map(([name, build]) => (
        <li key={name}>
          {name}: {build.buildVersion}, contracts {build.contractsVersion ?? 'unknown'}
        </li>
      ))}
    </ul>
  );
}

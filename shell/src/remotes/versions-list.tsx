import { CONTRACTS_VERSION } from '@outpost/contracts';
import { useReducer } from 'react';
import { loadedBuilds } from './remote-builds';

/** The footer's Versions: each remote this page loaded, its build and the contracts it was made for. */
export const VersionsList = () => {
  // Read when opened: remotes load while the page is used.
  const [, reread] = useReducer((count: number) => count + 1, 0);
  return (
    <details className="op-footer__versions" onToggle={reread}>
      <summary>Versions</summary>
      <ul aria-label="Loaded areas">
        <li>panel: contracts {CONTRACTS_VERSION}</li>
        {[...loadedBuilds].map(([name, build]) => (
          <li key={name}>
            {name}: {build.buildVersion}, contracts {build.contractsVersion ?? 'unknown'}
          </li>
        ))}
      </ul>
    </details>
  );
};

import { lazy, Suspense, useState } from 'react';

// Its code loads when it is opened: '/' does not carry what only the curious read.
const LoadedVersions = lazy(() => import('./loaded-versions'));

/** The footer's Versions: each remote this page loaded, its build and the contracts it was made for. */
export const VersionsList = () => {
  // Read when opened: remotes load while the page is used.
  const [opened, setOpened] = useState(0);
  return (
    <details
      className="op-footer__versions"
      onToggle={(event) => event.currentTarget.open && setOpened((count) => count + 1)}
    >
      <summary>Versions</summary>
      {opened > 0 && (
        <Suspense fallback={null}>
          <LoadedVersions key={opened} />
        </Suspense>
      )}
    </details>
  );
};

import type { RemoteName } from '@outpost/contracts';
import { useSyncExternalStore } from 'react';
import { isNewerServed, onRemotesRead } from './remote-updates';

/** Whether /remotes.json now serves another build of the remote than this page loaded. */
export const useNewerRemote = (name: RemoteName): boolean =>
  useSyncExternalStore(
    onRemotesRead,
    () => isNewerServed(name),
    () => false,
  );

/**
 * Said quietly over an area (a remote's screen, or another remote's section shown in it): the page
 * keeps the build it loaded until the person reloads.
 */
export const NewerVersionNotice = ({ remote }: { remote: RemoteName }) =>
  useNewerRemote(remote) ? (
    <p className="op-remote-update" role="status">
      A newer version of this area is available —{' '}
      <button type="button" className="op-remote-update__reload" onClick={() => window.location.reload()}>
        Reload
      </button>
    </p>
  ) : null;

// The design system's and the frame's styles load with the page (index.html links them), so a
// page the panel serves prerendered is styled at its first paint.
import '@outpost/ui/theme.css';
import './app/layout/layout.css';
import { bootRemotes } from './remotes/federation';

// Find the remotes and start loading the page's own while the shell itself loads.
bootRemotes(window.location.pathname).catch((error: unknown) =>
  console.error('Remotes could not be registered', error),
);

// An async boundary: Module Federation negotiates the shared singletons before any of them runs.
import('./bootstrap');

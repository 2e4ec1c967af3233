import { ErrorBoundary } from '@outpost/ui';
import type { ReactNode } from 'react';
import { ShellCrashPage } from '../pages/error-pages';

type ShellErrorBoundaryProps = { pathname: string; children: ReactNode };

/**
 * The shell's last resort when it fails to render a route: the crash page instead of a blank
 * tab. Remotes have their own boundary, so this only catches the shell's own frame; moving to
 * another address tries again.
 */
export const ShellErrorBoundary = ({ pathname, children }: ShellErrorBoundaryProps) => (
  <ErrorBoundary label="The shell" resetKey={pathname} fallback={<ShellCrashPage />}>
    {children}
  </ErrorBoundary>
);

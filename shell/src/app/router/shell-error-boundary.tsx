import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ShellCrashPage } from '../pages/error-pages';

type ShellErrorBoundaryProps = { pathname: string; children: ReactNode };
type ShellErrorBoundaryState = { failedAt: string | null };

/**
 * The shell's last resort when it fails to render a route: the crash page instead of a blank
 * tab. Remotes have their own boundary, so this only catches the shell's own frame; moving to
 * another address tries again.
 */
export class ShellErrorBoundary extends Component<ShellErrorBoundaryProps, ShellErrorBoundaryState> {
  override state: ShellErrorBoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<ShellErrorBoundaryState> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: ShellErrorBoundaryProps,
    state: ShellErrorBoundaryState,
  ): Partial<ShellErrorBoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The shell failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : <ShellCrashPage />;
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ShellCrashPage } from '../pages/error-pages';

type ShellErrorBoundaryProps = { pathname: string; children: ReactNode };
type ShellErrorBoundaryState = { failed: boolean; pathname: string };

/**
 * The shell's last resort when it fails to render a route: the crash page instead of a blank
 * tab. Remotes have their own boundary, so this only catches the shell's own frame; moving to
 * another address tries again.
 */
export class ShellErrorBoundary extends Component<ShellErrorBoundaryProps, ShellErrorBoundaryState> {
  override state: ShellErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<ShellErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ShellErrorBoundaryProps,
    state: ShellErrorBoundaryState,
  ): Partial<ShellErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The shell failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ShellCrashPage /> : this.props.children;
  }
}

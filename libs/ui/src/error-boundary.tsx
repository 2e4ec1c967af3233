import { Component, type ErrorInfo, type ReactNode } from 'react';

export type ErrorBoundaryProps = {
  /** Names the failed part in the console: "<label> failed". */
  label: string;
  /** Shown instead of the children once they threw (a Retry typically remounts the boundary). */
  fallback: ReactNode;
  children: ReactNode;
};

type ErrorBoundaryState = { failed: boolean };

/** Contains a part of a page that failed to load or threw, so the rest keeps working. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';

export const REMOTE_UNAVAILABLE_TITLE = 'This section is unavailable';

type RemoteErrorBoundaryProps = {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
};

type RemoteErrorBoundaryState = { error: Error | null };

/** Contains a remote that fails to load or throws: the shell and the other remotes keep working. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): RemoteErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Remote ${this.props.remote} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <section className="op-state op-state--error" role="alert" data-failed-remote={this.props.remote}>
        <h2 className="op-state__title">{REMOTE_UNAVAILABLE_TITLE}</h2>
        <p className="op-state__message">
          This part of the panel could not be loaded. The rest of Outpost keeps working.
        </p>
        <button type="button" className="op-btn op-btn--primary op-btn--md" onClick={this.props.onRetry}>
          Retry
        </button>
      </section>
    );
  }
}

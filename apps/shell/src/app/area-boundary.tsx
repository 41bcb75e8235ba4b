import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteLoadError, chosenReleases, errorMessage, type FailureReporter, type RemoteId } from '@eyewear/federation';

interface Props {
  remote: RemoteId;
  expose: string;
  report: FailureReporter;
  fallback: (failure: { kind: 'load' | 'slow' | 'render'; retry: () => void }) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Stops a remote's failure at its own area: a module that did not load, or a page that
 * threw while rendering, shows the area's fallback and the rest of the page keeps working.
 * Load failures were reported where they happened; render failures are reported here.
 */
export class AreaBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (error instanceof RemoteLoadError) return;
    const chosen = chosenReleases()?.[this.props.remote];
    this.props.report({
      kind: 'render',
      remote: this.props.remote,
      expose: this.props.expose,
      version: chosen?.version,
      channel: chosen?.channel,
      message: errorMessage(error),
    });
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    const { error } = this.state;
    // A timeout whose load is still running may yet arrive (the area then swaps it in).
    const kind = error instanceof RemoteLoadError ? (error.kind === 'timeout' && error.arrival ? 'slow' : 'load') : 'render';
    return this.props.fallback({ kind, retry: this.retry });
  }
}

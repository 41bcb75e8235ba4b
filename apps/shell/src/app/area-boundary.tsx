import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteLoadError, abandonCanary, chosenReleases, errorMessage, type ChosenRemote, type FailureReporter, type RemoteId } from '@eyewear/federation';

interface Props {
  remote: RemoteId;
  expose: string;
  report: FailureReporter;
  fallback: (failure: { kind: 'load' | 'slow' | 'render'; retry: () => void }) => ReactNode;
  onRetry: () => void;
  /** The build that delivered the area's module (the remote's chosen build when unknown). */
  release?: () => ChosenRemote | undefined;
  /**
   * A canary build crashed while rendering: it has been given up for this page, and the area
   * should load again (stable) instead of showing the crash fallback.
   */
  onCanaryCrash?: () => void;
  /**
   * The module whose deadline passed (the "taking longer" fallback) has arrived after all:
   * the area should render it. Called at most once per caught timeout, and only while this
   * boundary still shows that timeout.
   */
  onArrival?: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Stops a remote's failure at its own area: a module that did not load, or a page that
 * threw while rendering, shows the area's fallback and the rest of the page keeps working.
 * Load failures were reported where they happened; render failures are reported here, charged
 * to the build that crashed. A canary that crashes is given up for this page and the area
 * renders stable by itself (docs/adr/023); only a stable crash shows the crash fallback.
 */
export class AreaBoundary extends Component<Props, State> {
  override state: State = { error: null };
  /** The build whose render crashed, read once when the crash is first seen. */
  private crashed: ChosenRemote | null | undefined;

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  private crashedRelease(): ChosenRemote | null {
    if (this.crashed === undefined) this.crashed = this.props.release?.() ?? chosenReleases()?.[this.props.remote] ?? null;
    return this.crashed;
  }

  private canaryWillRecover(): boolean {
    return this.crashedRelease()?.channel === 'canary' && this.props.onCanaryCrash !== undefined;
  }

  private mounted = false;

  override componentDidMount() {
    this.mounted = true;
  }

  override componentWillUnmount() {
    this.mounted = false;
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (error instanceof RemoteLoadError) {
      // Wait on the load itself, not on an event: on a starved CPU the module can arrive
      // between the deadline and the moment this fallback is on screen, and an event sent
      // then had no one to hear it, leaving "taking longer" up for good.
      const { arrival } = error;
      if (error.kind === 'timeout' && arrival) {
        arrival.then(
          () => {
            if (this.mounted && this.state.error === error) this.props.onArrival?.();
          },
          () => undefined,
        );
      }
      return;
    }
    const release = this.crashedRelease();
    const recover = this.canaryWillRecover();
    this.props.report({
      kind: 'render',
      remote: this.props.remote,
      expose: this.props.expose,
      version: release?.version,
      channel: release?.channel,
      message: recover ? `canary ${release?.version} crashed while rendering (${errorMessage(error)}); loading stable instead` : errorMessage(error),
    });
    if (recover && release && abandonCanary(release)) this.props.onCanaryCrash?.();
  }

  private retry = () => {
    this.props.onRetry();
    this.crashed = undefined;
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    const { error } = this.state;
    // A crashed canary: nothing here for the moment it takes to load stable in its place.
    if (!(error instanceof RemoteLoadError) && this.canaryWillRecover()) return null;
    // A timeout whose load is still running may yet arrive (the area then swaps it in).
    const kind = error instanceof RemoteLoadError ? (error.kind === 'timeout' && error.arrival ? 'slow' : 'load') : 'render';
    return this.props.fallback({ kind, retry: this.retry });
  }
}

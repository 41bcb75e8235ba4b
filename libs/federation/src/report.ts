import { type RemoteId } from './remotes';

export type FailureKind = 'load' | 'timeout' | 'render';

/** What the shell reports when a remote's area fails. */
export interface RemoteFailure {
  kind: FailureKind;
  remote: RemoteId;
  /** The exposed module, e.g. `./HomePage`, when the failure concerns one. */
  expose?: string;
  version?: string;
  channel?: 'stable' | 'canary';
  message: string;
}

export type FailureReporter = (failure: RemoteFailure) => void;

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 500);
  return String(error).slice(0, 500);
}

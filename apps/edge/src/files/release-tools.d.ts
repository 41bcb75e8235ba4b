// The types of the release tool the origin tests publish with (tools/release/publish.mjs, plain
// JavaScript checked by the tools' own tsconfig): the part of it these tests call.
declare module '*/tools/release/publish.mjs' {
  export interface PublishResult {
    root: string;
    target: string;
    kind: string;
    written: Array<{ app: string; version: string; key: string; files: number }>;
    inventory: 'written' | 'unchanged';
    /** Per channel file (shell.json, remotes.json). */
    channels: Record<string, 'written' | 'unchanged'>;
    readBack: number;
    bytes: number;
  }
  /** Publishes the deploy root `root` to `target` (a directory, or s3://<bucket>[/<prefix>]). */
  export function publish(options: { root: string; target: string; verifyAll?: boolean }): Promise<PublishResult>;
}

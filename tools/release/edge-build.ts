// The edge's build (apps/edge, bundled to dist/apps/edge/index.js; the tools' test target builds
// it first), for the release tools' tests that run the real edge in process.
import type { Server } from 'node:http';
import { join } from 'node:path';

export interface BuiltEdge {
  createEdgeServer(options: Record<string, unknown>): Server & { flushSignal(): Promise<void>; warmLiveBuilds(): Promise<void> };
  checkShellShape(value: unknown): boolean;
  bucketOf(app: string, salt: string, sessionId: string): number;
  createOriginFiles(options: { origin: string; root: string; ttlMs?: number; maxBytes?: number; timeoutMs?: number; now?: () => number }): {
    readFile(path: string, encoding?: BufferEncoding): Promise<Buffer | string>;
    stat(path: string): Promise<{ isFile(): boolean; size: number; mtimeMs: number }>;
    readdir(path: string): Promise<string[]>;
    cached(): { files: number; bytes: number };
  };
  OriginError: new (message: string) => Error;
}

// By a path the module-boundary rule does not read: a build, not a project's source.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const edgeBuild = require(join(__dirname, '../../dist/apps/edge/index.js')) as BuiltEdge;

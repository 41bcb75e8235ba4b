// The edge's build (apps/edge, bundled to dist/apps/edge/index.js; the tools' test target builds
// it first), for the release tools' tests that run the real edge in process.
import type { Server } from 'node:http';

export interface BuiltEdge {
  createEdgeServer(options: Record<string, unknown>): Server & { flushSignal(): Promise<void>; warmLiveBuilds(): Promise<void> };
  checkShellShape(value: unknown): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const edgeBuild = require('../../dist/apps/edge/index.js') as BuiltEdge;

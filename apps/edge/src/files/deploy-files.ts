// Where the edge reads the deployed builds: the deploy root on disk, or an origin over HTTP
// (origin-files.ts). The same three calls either way, on paths under the deploy root.
import { readdir, readFile, stat } from 'node:fs/promises';

export interface FileInfo {
  isFile(): boolean;
  size: number;
  /** Changes when the bytes change (the disk's mtime, or a digest of an origin's bytes). */
  mtimeMs: number;
}

export interface DeployFiles {
  readFile(path: string): Promise<Buffer>;
  readFile(path: string, encoding: BufferEncoding): Promise<string>;
  stat(path: string): Promise<FileInfo>;
  readdir(path: string): Promise<string[]>;
}

/** The deploy root on disk. */
export const diskFiles: DeployFiles = {
  readFile: readFile as DeployFiles['readFile'],
  stat,
  readdir: (path) => readdir(path),
};

/** The origin did not answer (refused, timed out, 5xx): unlike a file it says is not there. */
export class OriginError extends Error {
  override name = 'OriginError';
}

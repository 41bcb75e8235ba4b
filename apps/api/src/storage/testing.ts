// Tests only: an S3-compatible server (s3rver, the maintained fork @20minutes/s3rver, as
// tools/release/publish-s3.test.ts runs it) in this process on a free loopback port, with a
// folder of its own, and the environment the API's S3 store reads through the SDK's default
// chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: s3rver checks SigV4 signatures made with them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The environment a process configured for this server has (UPLOADS_* and the AWS credentials). */
  env: Record<string, string>;
  close(): Promise<void>;
}

const AWS_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  // The SDK warns on Node 20 that its releases after January 2027 need Node 22.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** Starts s3rver with one bucket and sets the AWS credentials in process.env until `close`. */
export async function startS3Server(bucket = 'eyewear-uploads'): Promise<S3TestServer> {
  const folder = await mkdtemp(join(tmpdir(), 's3rver-uploads-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const saved = Object.fromEntries(Object.keys(AWS_ENV).map((key) => [key, process.env[key]]));
  Object.assign(process.env, AWS_ENV);
  return {
    endpoint,
    bucket,
    env: { ...AWS_ENV, UPLOADS_STORE: 's3', UPLOADS_S3_BUCKET: bucket, UPLOADS_S3_ENDPOINT: endpoint },
    async close() {
      await server.close();
      await rm(folder, { recursive: true, force: true });
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    },
  };
}

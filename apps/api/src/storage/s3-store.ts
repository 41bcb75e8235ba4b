import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type ObjectStore, type StoredObject } from './object-store';

export interface S3StoreSettings {
  bucket: string;
  /** Keys are stored under this prefix (no leading or trailing slash); empty: the bucket's root. */
  prefix: string;
  /** Unset: the SDK's own chain (AWS_REGION, the profile's region). */
  region?: string;
  /** An S3-compatible server (MinIO, Ceph, a test's s3rver); unset: AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
}

/** A store that cannot be reached or refused the call: "not now" for the shopper (files.ts answers 503). */
export class ObjectStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ObjectStoreUnavailable';
  }
}

/** How long one call to the store may take; the SDK retries a failed call (3 attempts in all). */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
export const S3_REQUEST_TIMEOUT_MS = 15_000;

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3 bucket through the AWS SDK. Credentials come from the SDK's default chain
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a web identity token (EKS IRSA), the container or
 * instance role, a profile), never from this store's settings. The bucket is private: objects
 * are written without an ACL and read only by the API, which checks the owner first.
 */
export function s3ObjectStore(settings: S3StoreSettings, client?: S3Client): ObjectStore {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
    });
  const { bucket } = settings;
  const keyOf = (key: string) => (settings.prefix ? `${settings.prefix}/${checkKey(key)}` : checkKey(key));
  const where = settings.endpoint ? ` at ${settings.endpoint}` : '';
  const failed = (what: string, key: string, error: unknown) =>
    new ObjectStoreUnavailable(
      `S3 ${what} of s3://${bucket}/${keyOf(key)}${where} failed: ${(error as Error)?.name ?? 'Error'}: ${(error as Error)?.message ?? error}`,
      { cause: error },
    );

  return {
    kind: 's3',
    location: `s3://${bucket}${settings.prefix ? `/${settings.prefix}` : ''}`,
    async put(key, data, contentType) {
      const Key = keyOf(key);
      try {
        await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: data, ContentLength: data.length, ContentType: contentType }));
      } catch (error) {
        throw failed('write', key, error);
      }
    },
    async get(key): Promise<StoredObject | null> {
      const Key = keyOf(key);
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
        const data = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
        return { data, contentType: answer.ContentType || 'application/octet-stream' };
      } catch (error) {
        if (notFound(error)) return null;
        throw failed('read', key, error);
      }
    },
    async delete(key) {
      const Key = keyOf(key);
      try {
        // S3 answers 204 for a key with no object too: a repeated delete is not an error.
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if (notFound(error)) return;
        throw failed('delete', key, error);
      }
    },
  };
}

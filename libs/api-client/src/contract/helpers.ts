import { z } from 'zod';
import { ackSchema } from '../schemas/common';
import { q, result } from './define';

/** Path segments arrive as strings; numeric ids are coerced and must be positive. */
export const idParam = () => q.int({ min: 1 });

/** A params schema: exactly the `:param` keys of the path, nothing else. */
export const params = <S extends z.ZodRawShape>(shape: S) => z.object(shape).strict();

/** The usual answer of a call that only reports its outcome. */
export const ackResponse = result(ackSchema);

/** Query values the listing calls pass through as filters (repeated keys arrive as arrays). */
const filterValue = z.union([z.string(), z.array(z.string())]);

/**
 * Listing queries: paging plus free filter keys (shopping §7 "plus params"). Search filter calls drop
 * sort, dir and gan_data (shopping §5), so those keys are refused there.
 */
export function listingQuery<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({
      page: q.int({ min: 0 }).optional(),
      'page-size': q.int({ min: 1, max: 100 }).optional(),
      ...shape,
    })
    .catchall(filterValue);
}

export const withoutSortKeys = {
  sort: z.never().optional(),
  dir: z.never().optional(),
  gan_data: z.never().optional(),
};

export const MULTIPART = 'multipart/form-data';

/** A file part as the server sees it once the multipart body is parsed. */
export const uploadedFileSchema = z.object({
  filename: z.string().min(1).max(200),
  mimetype: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf']),
  /** Bytes; 10 MB is plenty for a phone photo of a prescription. */
  size: z
    .number()
    .int()
    .positive()
    .max(10 * 1024 * 1024),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * A multipart body. The contract describes the parsed parts (text fields and file parts); the
 * content type travels as schema metadata so the client knows to send FormData, not JSON.
 */
export function multipart<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape).strict().meta({ contentType: MULTIPART });
}

/** A binary answer (an image): the one kind of response not wrapped in `{ result }`. */
export function binary(contentType: string) {
  return z.custom<Uint8Array | Blob>((v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob)).meta({ contentType });
}

/** The content type a body or response schema declares; JSON unless marked otherwise. */
export function contentTypeOf(schema: z.ZodType): string {
  const meta = schema.meta();
  return typeof meta?.['contentType'] === 'string' ? meta['contentType'] : 'application/json';
}

/** The `:param` names of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
}

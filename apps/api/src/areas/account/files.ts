import { createHash, randomBytes } from 'node:crypto';
import { type FastifyRequest } from 'fastify';
import { type Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { type SessionRow } from '../../http/session';
import { type Upload } from '../../http/multipart';
import { deleteObjectAfterCommit, objectStoreOf, ObjectStoreUnavailable, type ObjectStore } from '../../storage';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/** The file really is what it says (magic bytes), so a renamed file is refused. */
export function sniff(upload: Upload): boolean {
  const b = upload.data;
  switch (upload.mimetype) {
    case 'image/jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'image/png':
      return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'application/pdf':
      return b.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'image/heic':
      return b.subarray(4, 8).toString('latin1') === 'ftyp';
    default:
      return false;
  }
}

/** Where an upload's bytes are kept in the object store: one object per row, named by the row's file name. */
export const objectKeyOf = (fileName: string) => `account-files/${fileName}`;

/** Seconds a shopper is asked to wait when the object store does not answer. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** A call to the object store; one that cannot be reached is "not now" (503 with Retry-After), logged for the operator. */
async function withStore<T>(request: FastifyRequest, work: (objects: ObjectStore) => Promise<T>): Promise<T> {
  const objects = objectStoreOf(request);
  try {
    return await work(objects);
  } catch (error) {
    if (!(error instanceof ObjectStoreUnavailable)) throw error;
    request.log.warn({ err: error, store: objects.location }, 'object store unavailable');
    throw new HttpError(503, 'We could not save or read your file just now. Please try again in a few seconds.', undefined, 'STORE_UNAVAILABLE', {
      'retry-after': String(STORE_RETRY_AFTER_SECONDS),
    });
  }
}

/**
 * Stores an upload owned by the customer, or by the guest session before login: its bytes in the
 * object store, the row (owner, type, size, sha256, object key) in the database.
 *
 * The object is written first, then the row (in the caller's transaction, when it has one): a
 * crash or a rollback between the two leaves an object no row names (an orphan, harmless and
 * never served), never a row whose object is missing.
 */
export async function storeFile(db: Pick<Database, 'query'>, request: FastifyRequest, session: SessionRow, upload: Upload, purpose: string): Promise<string> {
  const extension = EXTENSIONS[upload.mimetype];
  if (!extension || !sniff(upload)) throw badRequest('Please upload a JPEG, PNG, WEBP, HEIC or PDF file', 'file');
  const fileName = `${purpose}-${randomBytes(12).toString('hex')}.${extension}`;
  const key = objectKeyOf(fileName);
  await withStore(request, (objects) => objects.put(key, upload.data, upload.mimetype));
  await db.query(
    'insert into account_files (file_name, customer_id, session_id, purpose, content_type, size, object_key, sha256) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      fileName,
      session.customer_id,
      session.customer_id === null ? session.id : null,
      purpose,
      upload.mimetype,
      upload.data.length,
      key,
      createHash('sha256').update(upload.data).digest('hex'),
    ],
  );
  return fileName;
}

/** A file's row: what it is and where its bytes are (rows before the object store hold them in data). */
export interface FileRow {
  file_name: string;
  content_type: string;
  object_key: string | null;
  data: Uint8Array | null;
}

/** The row of a file the session may read: the customer's own, or the guest session's own; else 404. */
export async function ownedFile(db: Pick<Database, 'query'>, session: SessionRow, fileName: string): Promise<FileRow> {
  const [row] = await db.query<FileRow>(
    `select file_name, content_type, object_key, data from account_files where file_name = $1
     and ((customer_id is not null and customer_id = $2) or (customer_id is null and session_id = $3))`,
    [fileName, session.customer_id, session.id],
  );
  if (!row) throw notFound('No such file');
  return row;
}

/**
 * The bytes of a file whose row the caller has already checked is the session's: from the object
 * store, or from the row itself for a file uploaded before the store (data). A row whose object is
 * missing is a fault of the store (the write order never leaves one), answered 500 and logged.
 */
export async function fileBytes(request: FastifyRequest, row: Pick<FileRow, 'file_name' | 'content_type' | 'object_key' | 'data'>): Promise<Buffer> {
  if (row.data) return Buffer.from(row.data);
  const key = row.object_key;
  if (!key) throw new Error(`account file ${row.file_name} has neither bytes nor an object`);
  const object = await withStore(request, (objects) => objects.get(key));
  if (!object) throw new Error(`account file ${row.file_name}: its object ${key} is missing from the store`);
  return object.data;
}

/** A file the session may read, with its bytes (404 for anyone else's). */
export async function readOwnedFile(db: Pick<Database, 'query'>, request: FastifyRequest, session: SessionRow, fileName: string) {
  const row = await ownedFile(db, session, fileName);
  return { contentType: row.content_type, data: await fileBytes(request, row) };
}

/**
 * Deletes a file's row (in the caller's transaction) and, once that has committed, its object
 * (storage/index.ts deleteObjectAfterCommit: an object deleted before a rollback would leave a
 * row without it). The caller has checked the file is the session's.
 */
export async function deleteFile(db: Pick<Database, 'query'>, request: FastifyRequest, fileName: string) {
  const [row] = await db.query<{ object_key: string | null }>('delete from account_files where file_name = $1 returning object_key', [fileName]);
  if (row?.object_key)
    deleteObjectAfterCommit(
      request,
      row.object_key,
      async (root) => (await root.query('select 1 from account_files where file_name = $1', [fileName])).length > 0,
    );
}

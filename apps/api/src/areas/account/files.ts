import { randomBytes } from 'node:crypto';
import { type Database } from '../../db/database';
import { badRequest, notFound } from '../../http/errors';
import { type SessionRow } from '../../http/session';
import { type Upload } from '../../http/multipart';

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

/** Stores an upload owned by the customer, or by the guest session before login. */
export async function storeFile(db: Pick<Database, 'query'>, session: SessionRow, upload: Upload, purpose: string): Promise<string> {
  const extension = EXTENSIONS[upload.mimetype];
  if (!extension || !sniff(upload)) throw badRequest('Please upload a JPEG, PNG, WEBP, HEIC or PDF file', 'file');
  const fileName = `${purpose}-${randomBytes(12).toString('hex')}.${extension}`;
  await db.query('insert into account_files (file_name, customer_id, session_id, purpose, content_type, size, data) values ($1, $2, $3, $4, $5, $6, $7)', [
    fileName,
    session.customer_id,
    session.customer_id === null ? session.id : null,
    purpose,
    upload.mimetype,
    upload.data.length,
    upload.data,
  ]);
  return fileName;
}

/** A file the session may read: the customer's own, or the guest session's own. */
export async function ownedFile(db: Pick<Database, 'query'>, session: SessionRow, fileName: string) {
  const [row] = await db.query<{ content_type: string; data: Uint8Array }>(
    `select content_type, data from account_files where file_name = $1
     and ((customer_id is not null and customer_id = $2) or (customer_id is null and session_id = $3))`,
    [fileName, session.customer_id, session.id],
  );
  if (!row) throw notFound('No such file');
  return row;
}

import { createHash } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type Prescription, type SavedPrescription } from '@eyewear/api-client';

const prescriptionEndpoints = areaEndpoints.prescriptions;
import { type Database } from '../../db/database';
import { HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { requireSession } from '../../http/session';
import { requireCustomer } from './auth-routes';
import { ownedFile, readOwnedFile, sniff, storeFile } from './files';
import { uploadOf } from '../../http/multipart';

/** account §8: the camera PD call fails with this when no pd value comes back. */
export const PD_FAILED = 'Some error occured. Please try again.';

interface PrescriptionRow {
  id: number;
  power_type: Prescription['powerType'];
  data: Omit<Prescription, 'powerType'>;
  created_at: Date | string;
  updated_at: Date | string | null;
}

const present = (row: PrescriptionRow): SavedPrescription => ({
  ...row.data,
  powerType: row.power_type,
  id: row.id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : undefined,
});

/**
 * The simulated face-measurement service: it finds a face only in a real photo (JPEG or PNG
 * of some size) and answers a pupillary distance in the adult range, the same for the same
 * photo; anything else has no pd value.
 */
export function measurePd(data: Buffer, mimetype: string): number | null {
  if (!['image/jpeg', 'image/png'].includes(mimetype) || data.length < 1024 || !sniff({ filename: '', mimetype, size: data.length, data })) return null;
  const n = createHash('sha256').update(data).digest().readUInt16BE(0);
  return Math.round((54 + (n % 200) / 10) * 10) / 10;
}

export function prescriptionRoutes(app: FastifyInstance, _db: Database) {
  async function checkImages(db: Database, customerId: number, body: Prescription) {
    const session = { id: '', customer_id: customerId } as Parameters<typeof ownedFile>[1];
    for (const file of [body.imageFileName, body.pdImageFileName]) if (file) await ownedFile(db, session, file);
  }

  route(app, prescriptionEndpoints.saved, async ({ query, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const rows = await db.query<PrescriptionRow>(
      `select * from account_prescriptions where customer_id = $1 and ($2::text is null or power_type = $2) order by coalesce(updated_at, created_at) desc, id desc`,
      [customerId, query.powerType ?? null],
    );
    return { result: { prescriptions: rows.map(present) } };
  });

  route(app, prescriptionEndpoints.create, async ({ body, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    await checkImages(db, customerId, body);
    const { powerType, ...data } = body;
    const [row] = await db.query<PrescriptionRow>('insert into account_prescriptions (customer_id, power_type, data) values ($1, $2, $3) returning *', [
      customerId,
      powerType,
      JSON.stringify(data),
    ]);
    return { result: present(row!) };
  });

  route(app, prescriptionEndpoints.update, async ({ params, body, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    await checkImages(db, customerId, body);
    const { powerType, ...data } = body;
    const [row] = await db.query<PrescriptionRow>(
      'update account_prescriptions set power_type = $3, data = $4, updated_at = now() where id = $1 and customer_id = $2 returning *',
      [params.prescriptionId, customerId, powerType, JSON.stringify(data)],
    );
    if (!row) throw notFound('No such prescription');
    return { result: present(row) };
  });

  route(app, prescriptionEndpoints.remove, async ({ params, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const rows = await db.query('delete from account_prescriptions where id = $1 and customer_id = $2 returning id', [params.prescriptionId, customerId]);
    if (rows.length === 0) throw notFound('No such prescription');
    return { result: { success: true } };
  });

  for (const endpoint of [prescriptionEndpoints.upload, prescriptionEndpoints.uploadImage]) {
    route(app, endpoint, async ({ request, db }) => {
      const session = await requireSession(db, request);
      const upload = uploadOf(request);
      const fileName = await storeFile(db, request, session, upload, 'prescription');
      return { result: { fileName, url: `/api/v2/prescriptions/download/${fileName}`, contentType: upload.mimetype } };
    });
  }

  route(app, prescriptionEndpoints.download, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request);
    const file = await readOwnedFile(db, request, session, params.fileName);
    reply.header('content-type', file.contentType);
    reply.header('content-disposition', `attachment; filename="${params.fileName}"`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(file.data);
  });

  route(app, prescriptionEndpoints.cameraPd, async ({ request, db }) => {
    const session = await requireSession(db, request);
    const upload = uploadOf(request);
    const pd = measurePd(upload.data, upload.mimetype);
    if (pd === null) throw new HttpError(422, PD_FAILED, 'file', 'NO_PD');
    await storeFile(db, request, session, upload, 'pd');
    return { result: { faces: { attributes: { pd: { value: pd } } } } };
  });
}

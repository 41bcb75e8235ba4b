import { z } from 'zod';
import {
  currencyCodeSchema,
  emailSchema,
  facePdSchema,
  idSchema,
  lensPackageSchema,
  moneySchema,
  orderItemSchema,
  powerTypeQuerySchema,
  prescriptionInputSchema,
  prescriptionSchema,
  savedPrescriptionSchema,
  uploadedPrescriptionSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, binary, idParam, multipart, params, uploadedFileSchema } from '../helpers';

const SPEC = 'account §7 Prescriptions and powers';

const item = params({ orderId: idParam(), itemId: idParam() });
const optionalEmail = z.object({ email: emailSchema.optional() }).strict();
/** Lens upgrades may cost extra; the API says what is due. */
const upgradeResult = result(z.object({ item: orderItemSchema, amountDue: moneySchema, currencyCode: currencyCodeSchema }));
const packageId = q.int({ min: 1 });
const prescriptionId = params({ prescriptionId: idParam() });

export const prescriptionEndpoints = {
  saved: endpoint({
    name: 'prescriptions.saved',
    method: 'GET',
    path: '/v2/prescriptions',
    query: z.object({ powerType: powerTypeQuerySchema.optional() }).strict(),
    response: result(z.object({ prescriptions: z.array(savedPrescriptionSchema) })),
    summary: `Saved prescriptions, e.g. powerType=CONTACT_LENS on the product page (${SPEC}; shopping §7 Product page)`,
  }),
  create: endpoint({
    name: 'prescriptions.create',
    method: 'POST',
    path: '/v2/prescriptions',
    body: prescriptionInputSchema,
    response: result(savedPrescriptionSchema),
    summary: `Save a prescription entered by powers, optionally with an uploaded image (${SPEC})`,
  }),
  update: endpoint({
    name: 'prescriptions.update',
    method: 'PUT',
    path: '/v2/prescriptions/:prescriptionId',
    params: prescriptionId,
    body: prescriptionInputSchema,
    response: result(savedPrescriptionSchema),
    summary: `Replace a saved prescription (${SPEC})`,
  }),
  remove: endpoint({
    name: 'prescriptions.remove',
    method: 'DELETE',
    path: '/v2/prescriptions/:prescriptionId',
    params: prescriptionId,
    response: ackResponse,
    summary: `Delete a saved prescription (${SPEC})`,
  }),
  itemPrescription: endpoint({
    name: 'prescriptions.itemPrescription',
    method: 'GET',
    path: '/v2/orders/:orderId/items/:itemId/prescription',
    params: item,
    query: optionalEmail,
    response: result(prescriptionSchema.nullable()),
    summary: `The power of an order item (${SPEC})`,
  }),
  updateItemPrescription: endpoint({
    name: 'prescriptions.updateItemPrescription',
    method: 'PUT',
    path: '/v2/orders/:orderId/items/:itemId/prescription',
    params: item,
    query: optionalEmail,
    body: prescriptionInputSchema,
    response: result(prescriptionSchema),
    summary: `Submit or update the power of an order item (${SPEC})`,
  }),
  updatePackage: endpoint({
    name: 'prescriptions.updatePackage',
    method: 'PUT',
    path: '/v2/orders/:orderId/items/:itemId/package',
    params: item,
    body: z.object({ packageId: idSchema, coatingId: idSchema.optional() }).strict(),
    response: upgradeResult,
    summary: `Set an order item's lens package (${SPEC})`,
  }),
  upgradePackage: endpoint({
    name: 'prescriptions.upgradePackage',
    method: 'PUT',
    path: '/v2/orders/:orderId/items/:itemId/package/upgrade',
    params: item,
    query: z.object({ updateFrom: packageId, updateTo: packageId }).strict(),
    response: upgradeResult,
    summary: `Lens package upgrade from one package to another; service auth header (${SPEC})`,
  }),
  updatePowerType: endpoint({
    name: 'prescriptions.updatePowerType',
    method: 'PUT',
    path: '/v2/orders/:orderId/items/:itemId/powertype',
    params: item,
    query: z.object({ from: powerTypeQuerySchema, to: powerTypeQuerySchema }).strict(),
    response: upgradeResult,
    summary: `Change an order item's power type; service auth header (${SPEC})`,
  }),
  upgradeOptions: endpoint({
    name: 'prescriptions.upgradeOptions',
    method: 'GET',
    path: '/v2/orders/:orderId/items/:itemId/upgradepackage',
    params: item,
    response: result(z.object({ currentPackageId: idSchema.optional(), packages: z.array(lensPackageSchema) })),
    summary: `Packages an order item can be upgraded to (/lens-package-upgrade) (${SPEC})`,
  }),
  otp: endpoint({
    name: 'prescriptions.otp',
    method: 'PUT',
    path: '/v2/orders/:orderId/otp',
    params: params({ orderId: idParam() }),
    query: z.object({ value: z.string().regex(/^\d{4,6}$/, 'Please enter the code you received'), email: emailSchema.optional() }).strict(),
    response: ackResponse,
    summary: `Confirm a power update on an order with a one-time code (${SPEC})`,
  }),
  cameraPd: endpoint({
    name: 'prescriptions.cameraPd',
    method: 'POST',
    path: '/v2/prescriptions/pd/camera',
    body: multipart({ file: uploadedFileSchema }),
    response: result(facePdSchema),
    summary: `Pupillary distance from a camera photo; fails without a pd value (${SPEC})`,
  }),
  upload: endpoint({
    name: 'prescriptions.upload',
    method: 'POST',
    path: '/v2/prescriptions/upload',
    body: multipart({ file: uploadedFileSchema, orderId: q.int({ min: 1 }).optional(), itemId: q.int({ min: 1 }).optional() }),
    response: result(uploadedPrescriptionSchema),
    summary: `Upload a prescription (also from the upload-prescription SMS link) (${SPEC})`,
  }),
  uploadImage: endpoint({
    name: 'prescriptions.uploadImage',
    method: 'POST',
    path: '/v2/prescriptions/images',
    body: multipart({ file: uploadedFileSchema }),
    response: result(uploadedPrescriptionSchema),
    summary: `Upload a prescription image while entering power (${SPEC})`,
  }),
  download: endpoint({
    name: 'prescriptions.download',
    method: 'GET',
    path: '/v2/prescriptions/download/:fileName',
    params: params({ fileName: z.string().regex(/^[\w-]{1,100}\.(?:jpe?g|png|webp|heic|pdf)$/, 'Invalid file name') }),
    response: binary('application/octet-stream'),
    summary: `Download an uploaded prescription file (${SPEC})`,
  }),
} as const;

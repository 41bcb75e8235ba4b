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
  powerTypeAdditionsSchema,
  powerTypeSchema,
  prescriptionInputSchema,
  prescriptionSchema,
  savedPrescriptionSchema,
  uploadedPrescriptionSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, binary, idParam, multipart, params, uploadedFileSchema } from '../helpers';
import { prescriptionRoutes } from './account-routes';

const SPEC = 'account §7 Prescriptions and powers';

const item = params({ orderId: idParam(), itemId: idParam() });
const optionalEmail = z.object({ email: emailSchema.optional() }).strict();
/**
 * Lens changes may cost extra; the API says what is due. A dearer package is applied once the
 * difference is paid: `paymentOrderId` is an order of the difference, paid like any order
 * (POST /v2/orders/payment with its orderId); the same call again then applies it.
 */
const upgradeResult = result(
  z.object({
    item: orderItemSchema,
    status: z.enum(['APPLIED', 'PAYMENT_PENDING']),
    amountDue: moneySchema,
    currencyCode: currencyCodeSchema,
    paymentOrderId: idSchema.optional(),
  }),
);
const packageId = q.int({ min: 1 });
const prescriptionId = params({ prescriptionId: idParam() });

export const prescriptionEndpoints = {
  saved: endpoint({
    ...prescriptionRoutes.saved,
    query: z.object({ powerType: powerTypeQuerySchema.optional() }).strict(),
    response: result(z.object({ prescriptions: z.array(savedPrescriptionSchema) })),
    summary: `Saved prescriptions, e.g. powerType=CONTACT_LENS on the product page (${SPEC}; shopping §7 Product page)`,
  }),
  create: endpoint({
    ...prescriptionRoutes.create,
    body: prescriptionInputSchema,
    response: result(savedPrescriptionSchema),
    summary: `Save a prescription entered by powers, optionally with an uploaded image (${SPEC})`,
  }),
  update: endpoint({
    ...prescriptionRoutes.update,
    params: prescriptionId,
    body: prescriptionInputSchema,
    response: result(savedPrescriptionSchema),
    summary: `Replace a saved prescription (${SPEC})`,
  }),
  remove: endpoint({
    ...prescriptionRoutes.remove,
    params: prescriptionId,
    response: ackResponse,
    summary: `Delete a saved prescription (${SPEC})`,
  }),
  itemPrescription: endpoint({
    ...prescriptionRoutes.itemPrescription,
    params: item,
    query: optionalEmail,
    response: result(prescriptionSchema.nullable()),
    summary: `The power of an order item (${SPEC})`,
  }),
  updateItemPrescription: endpoint({
    ...prescriptionRoutes.updateItemPrescription,
    params: item,
    query: optionalEmail,
    body: prescriptionInputSchema,
    /** otpRequired: the caller proved only the order's e-mail; a code went to the order's phone (PUT .../otp confirms). */
    response: result(prescriptionSchema.extend({ otpRequired: z.boolean().optional() })),
    summary: `Submit or update the power of an order item (${SPEC})`,
  }),
  updatePackage: endpoint({
    ...prescriptionRoutes.updatePackage,
    params: item,
    body: z.object({ packageId: idSchema, coatingId: idSchema.optional() }).strict(),
    response: upgradeResult,
    summary: `Set an order item's lens package (${SPEC})`,
  }),
  upgradePackage: endpoint({
    ...prescriptionRoutes.upgradePackage,
    params: item,
    query: z.object({ updateFrom: packageId, updateTo: packageId }).strict(),
    response: upgradeResult,
    summary: `Lens package upgrade from one package to another; service auth header (${SPEC})`,
  }),
  updatePowerType: endpoint({
    ...prescriptionRoutes.updatePowerType,
    params: item,
    query: z.object({ from: powerTypeQuerySchema, to: powerTypeQuerySchema }).strict(),
    // To bifocal or progressive: the ADD of each eye the item's power has (issue 42), kept with the change until it applies.
    body: powerTypeAdditionsSchema.optional(),
    response: upgradeResult,
    summary: `Change an order item's power type, with the ADD power of each eye when the new type needs one; service auth header (${SPEC})`,
  }),
  upgradeOptions: endpoint({
    ...prescriptionRoutes.upgradeOptions,
    params: item,
    response: result(
      z.object({
        currentPackageId: idSchema.optional(),
        powerType: powerTypeSchema.optional(),
        currencyCode: currencyCodeSchema,
        /** What each package costs on top of the current one (for the item's quantity). */
        packages: z.array(lensPackageSchema.extend({ priceDifference: moneySchema })),
        /** An upgrade waiting for its difference to be paid. */
        pending: z.object({ toPackageId: idSchema, amountDue: moneySchema, paymentOrderId: idSchema }).optional(),
      }),
    ),
    summary: `Packages an order item can be upgraded to (/lens-package-upgrade) (${SPEC})`,
  }),
  otp: endpoint({
    ...prescriptionRoutes.otp,
    params: params({ orderId: idParam() }),
    query: z.object({ value: z.string().regex(/^\d{4,6}$/, 'Please enter the code you received'), email: emailSchema.optional() }).strict(),
    response: ackResponse,
    summary: `Confirm a power update on an order with a one-time code (${SPEC})`,
  }),
  cameraPd: endpoint({
    ...prescriptionRoutes.cameraPd,
    body: multipart({ file: uploadedFileSchema }),
    response: result(facePdSchema),
    summary: `Pupillary distance from a camera photo; fails without a pd value (${SPEC})`,
  }),
  upload: endpoint({
    ...prescriptionRoutes.upload,
    body: multipart({ file: uploadedFileSchema, orderId: q.int({ min: 1 }).optional(), itemId: q.int({ min: 1 }).optional() }),
    response: result(uploadedPrescriptionSchema),
    summary: `Upload a prescription (also from the upload-prescription SMS link) (${SPEC})`,
  }),
  uploadImage: endpoint({
    ...prescriptionRoutes.uploadImage,
    body: multipart({ file: uploadedFileSchema }),
    response: result(uploadedPrescriptionSchema),
    summary: `Upload a prescription image while entering power (${SPEC})`,
  }),
  download: endpoint({
    ...prescriptionRoutes.download,
    params: params({ fileName: z.string().regex(/^[\w-]{1,100}\.(?:jpe?g|png|webp|heic|pdf)$/, 'Invalid file name') }),
    response: binary('application/octet-stream'),
    summary: `Download an uploaded prescription file (${SPEC})`,
  }),
} as const;

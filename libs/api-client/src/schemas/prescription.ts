import { z } from 'zod';
import { AXIS_PATTERN, DIOPTRE_PATTERN, PD_PATTERN, POWER_LATER, powerProblemText, prescriptionProblems } from '@eyewear/i18n/rules';
import { idSchema, isoDateTimeSchema } from './common';

/**
 * Power types of lenses and prescriptions. The spec sends `powerType=CONTACT_LENS`, so the
 * wire form is upper case; query values are upper-cased first so `single_vision` is accepted.
 */
export const powerTypeSchema = z.enum(['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'ZERO_POWER', 'SUNGLASSES', 'CONTACT_LENS']);
export type PowerType = z.infer<typeof powerTypeSchema>;
export const powerTypeQuerySchema = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(powerTypeSchema);

/** A dioptre value as the power selectors show it (DIOPTRE_PATTERN of @eyewear/i18n/rules): '-1.25', '+0.50', '0.00'. */
export const dioptreSchema = z.string().regex(DIOPTRE_PATTERN, 'Invalid power value');
const dioptreOrLater = z.union([dioptreSchema, z.literal(POWER_LATER), z.literal('')]);

/** One eye's powers (account §3: keyed by power parameter). */
/**
 * The addition (ADD) of each eye that a change of an order item's lenses to bifocal or
 * progressive asks for (issue 42: the change never asked it); checked against the new power
 * type's range by the API.
 */
export const powerTypeAdditionsSchema = z
  .object({
    right: z.object({ ap: dioptreSchema }).strict().optional(),
    left: z.object({ ap: dioptreSchema }).strict().optional(),
  })
  .strict();
export type PowerTypeAdditions = z.infer<typeof powerTypeAdditionsSchema>;

export const eyePowerSchema = z
  .object({
    sph: dioptreOrLater,
    cyl: dioptreOrLater,
    axis: z.union([z.string().regex(AXIS_PATTERN, 'Axis is 0 to 180'), z.literal('')]),
    /** Addition power for bifocal and progressive lenses. */
    ap: dioptreOrLater,
    /** Pupillary distance in mm, single-eye (monocular) value. */
    pd: z.union([z.string().regex(PD_PATTERN, 'Invalid pupillary distance'), z.literal('')]),
    /** Contact lenses: boxes for this eye. */
    boxes: z.number().int().min(0).max(24),
    colour: z.string().max(60),
  })
  .partial()
  .strict();
export type EyePower = z.infer<typeof eyePowerSchema>;

export const prescriptionSchema = z.object({
  powerType: powerTypeSchema,
  left: eyePowerSchema,
  right: eyePowerSchema,
  /** Whose power it is; 'user' is shown as the default 'your power' label. */
  userName: z.string().max(80).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  imageFileName: z.string().max(200).optional(),
  pdImageFileName: z.string().max(200).optional(),
  powerUpdatedBy: z.string().max(80).optional(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

/**
 * What a shopper sends: the same fields, unknown keys refused, and real lens powers for the
 * power type (`prescriptionProblems` of @eyewear/i18n/rules: ranges, 0.25 steps, an axis only
 * with a cylinder), each refusal at its field (`right.sph`), as the forms check them.
 */
export const prescriptionInputSchema = prescriptionSchema.strict().superRefine((value, ctx) => {
  for (const [field, problem] of Object.entries(prescriptionProblems(value.powerType, value.right, value.left)))
    ctx.addIssue({ code: 'custom', path: field.split('.'), message: powerProblemText(problem) });
});
export type PrescriptionInput = z.infer<typeof prescriptionInputSchema>;

export const savedPrescriptionSchema = prescriptionSchema.extend({
  id: idSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema.optional(),
});
export type SavedPrescription = z.infer<typeof savedPrescriptionSchema>;

/** shopping §3 Product.prescriptionView / cart item prescriptionView: what the power block shows. */
export const prescriptionViewSchema = z.object({
  left: z.object({ sph: z.string().optional() }).catchall(z.string()),
  right: z.object({ sph: z.string().optional() }).catchall(z.string()),
});
export type PrescriptionView = z.infer<typeof prescriptionViewSchema>;

/** Allowed power values for a product and power type (selector options). */
export const powerOptionsSchema = z.object({
  productId: idSchema,
  powerType: powerTypeSchema,
  sph: z.array(z.string()),
  cyl: z.array(z.string()).optional(),
  axis: z.array(z.string()).optional(),
  ap: z.array(z.string()).optional(),
  boxes: z.array(z.number().int().positive()).optional(),
  colours: z.array(z.string()).optional(),
});
export type PowerOptions = z.infer<typeof powerOptionsSchema>;

/** shopping §3: validation answers are read as result[0].isSuccess. */
export const powerValidationSchema = z.array(
  z.object({ isSuccess: z.boolean(), eye: z.enum(['left', 'right', 'both']).optional(), message: z.string().optional() }),
);
export type PowerValidation = z.infer<typeof powerValidationSchema>;

/** Camera PD upload answer (account §7: faces.attributes.pd.value). */
export const facePdSchema = z.object({
  faces: z.object({ attributes: z.object({ pd: z.object({ value: z.number().positive() }) }) }),
});
export type FacePd = z.infer<typeof facePdSchema>;

export const uploadedPrescriptionSchema = z.object({
  fileName: z.string().min(1),
  url: z.string().min(1),
  contentType: z.string().min(1),
});
export type UploadedPrescription = z.infer<typeof uploadedPrescriptionSchema>;

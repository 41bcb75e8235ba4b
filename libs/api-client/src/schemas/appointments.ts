import { z } from 'zod';
import { countryCodeSchema, emailSchema, idSchema, isoDateSchema, isoDateTimeSchema, phoneCodeSchema, phoneSchema, pincodeSchema } from './common';
import { utmSchema } from './marketing';

export const storeSchema = z.object({
  code: z.string().min(1),
  name: z.string(),
  country: countryCodeSchema,
  city: z.string(),
  area: z.string(),
  pincode: pincodeSchema,
  address: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  phone: z.string(),
  /** Opening hours on a 24 h clock. */
  opensAt: z.number().int().min(0).max(24),
  closesAt: z.number().int().min(0).max(24),
  studio: z.boolean(),
  /** IANA zone the store's hours and slots are in. */
  timeZone: z.string().min(1),
  distanceKm: z.number().min(0).optional(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeListSchema = z.object({
  stores: z.array(storeSchema),
  total: z.number().int().min(0),
  pageNumber: z.number().int().min(0),
  pageSize: z.number().int().positive(),
});
export type StoreList = z.infer<typeof storeListSchema>;

export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const timeSchema = z.string().regex(TIME_PATTERN, 'Time is HH:mm');

/** account §9 visit windows 9-12, 12-15, 15-18, 18-21, each split into bookable slots. */
export const slotSchema = z.object({
  date: isoDateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  available: z.boolean(),
  /** The visit window it belongs to, e.g. '9-12'. */
  window: z.enum(['9-12', '12-15', '15-18', '18-21']).optional(),
});
export type Slot = z.infer<typeof slotSchema>;

/** The slots of one store on one date, and the dates a shopper may choose from. */
export const storeSlotsSchema = z.object({
  storeCode: z.string(),
  date: isoDateSchema,
  /** The first bookable date in the store's zone (account §9: tomorrow after 21:00). */
  defaultDate: isoDateSchema,
  dates: z.array(isoDateSchema),
  timeZone: z.string(),
  slots: z.array(slotSchema),
});
export type StoreSlots = z.infer<typeof storeSlotsSchema>;

/**
 * account §9: duration 30, classification 1, skipCurrentDate 0 by default. Without a date the store's
 * default date is used: today in the store's zone, or tomorrow after 21:00 there (or when
 * skipCurrentDate is 1). Bookings hold 30 minutes, so only that duration is offered.
 */
export const SLOT_DURATION = 30;
export const slotRequestSchema = z
  .object({
    storeCode: z.string().min(1).max(40),
    classification: z.number().int().min(0).default(1),
    duration: z.literal(SLOT_DURATION).default(SLOT_DURATION),
    skipCurrentDate: z.union([z.literal(0), z.literal(1)]).default(0),
    date: isoDateSchema.optional(),
  })
  .strict();
export type SlotRequest = z.input<typeof slotRequestSchema>;

export const appointmentStatusSchema = z.enum(['BOOKED', 'RESCHEDULED', 'CANCELLED', 'COMPLETED', 'OPEN']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const appointmentSchema = z.object({
  appointmentId: z.string().min(1),
  storeCode: z.string().optional(),
  orderId: idSchema.optional(),
  itemId: idSchema.optional(),
  source: z.enum(['STORE', 'HEC', 'HTO', 'STUDIO', 'TYV']),
  selectedDate: isoDateSchema,
  selectedTime: timeSchema,
  status: appointmentStatusSchema,
  bookedStatus: z.enum(['new', 'reschedule']).optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  store: storeSchema.optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const bookAppointmentSchema = z
  .object({
    storeCode: z.string().min(1),
    selectedDate: isoDateSchema,
    selectedTime: timeSchema,
    name: z.string().trim().min(1).max(80),
    phoneCode: phoneCodeSchema.optional(),
    phone: phoneSchema,
    email: emailSchema.optional(),
    source: z.enum(['STORE', 'STUDIO', 'TYV']).default('STORE'),
  })
  .strict();
export type BookAppointment = z.input<typeof bookAppointmentSchema>;

export const rescheduleAppointmentSchema = z.object({ appointmentId: z.string().min(1), selectedDate: isoDateSchema, selectedTime: timeSchema }).strict();
export type RescheduleAppointment = z.infer<typeof rescheduleAppointmentSchema>;

/** Home eye check-up; cancellation carries a reason. */
export const hecAppointmentSchema = appointmentSchema.extend({
  address: z.string().optional(),
  optometrist: z.object({ name: z.string(), phone: z.string().optional() }).optional(),
  cancellationReason: z.string().optional(),
});
export type HecAppointment = z.infer<typeof hecAppointmentSchema>;

/** Home try-on / eye test slot (account §3 HTO). */
export const htoSlotSchema = z.object({
  date: isoDateSchema,
  slots: z.array(z.object({ id: z.string(), label: z.string(), available: z.boolean() })),
});
export type HtoSlot = z.infer<typeof htoSlotSchema>;

export const htoServiceabilitySchema = z.object({
  serviceable: z.boolean(),
  pincode: pincodeSchema.optional(),
  city: z.string().optional(),
});

/** A pincode located against the seeded places (no match answers 404 'No Result Found..'). */
export const geocodeSchema = z.object({
  pincode: pincodeSchema,
  city: z.string(),
  area: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Geocode = z.infer<typeof geocodeSchema>;
export type HtoServiceability = z.infer<typeof htoServiceabilitySchema>;

export const htoAgentSchema = z.object({ name: z.string(), phone: z.string(), photoUrl: z.string().optional() });
export type HtoAgent = z.infer<typeof htoAgentSchema>;

export const htoAppointmentSchema = z.object({
  orderId: idSchema,
  appointmentId: z.string(),
  pincode: pincodeSchema,
  date: isoDateSchema,
  slotId: z.string(),
  status: appointmentStatusSchema,
  slotLabel: z.string().optional(),
  agent: htoAgentSchema.optional(),
  cancellationReason: z.string().optional(),
  createdAt: isoDateTimeSchema,
});
export type HtoAppointment = z.infer<typeof htoAppointmentSchema>;

export const htoOrderSchema = z
  .object({
    utm: utmSchema.optional(),
    userInfo: z
      .object({
        name: z.string().trim().min(1).max(80),
        phoneCode: phoneCodeSchema.optional(),
        telephone: phoneSchema,
        email: emailSchema.optional(),
        address: z.string().trim().min(1).max(300),
      })
      .strict(),
    pincode: pincodeSchema,
    date: isoDateSchema,
    slotId: z.string().min(1),
    productIds: z.array(idSchema).max(10).optional(),
  })
  .strict();
export type HtoOrder = z.infer<typeof htoOrderSchema>;

export const htoPageSchema = z.object({
  sections: z.array(z.record(z.string(), z.unknown())),
  config: z.object({ price: z.number().min(0), enabled: z.boolean() }).catchall(z.unknown()),
});
export type HtoPage = z.infer<typeof htoPageSchema>;

export const studioSlotSchema = z
  .object({
    storeCode: z.string().min(1),
    selectedDate: isoDateSchema,
    selectedTime: timeSchema,
    bookedStatus: z.enum(['new', 'reschedule']).default('new'),
    appointmentId: z.string().min(1).optional(),
  })
  .strict();
export type StudioSlot = z.input<typeof studioSlotSchema>;

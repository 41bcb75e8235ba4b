import type { AppointmentStatus } from '@eyewear/api-client';
import type { messages } from './flow-messages';

type FlowMessages = (typeof messages)['defaults'];

const KEYS: Record<AppointmentStatus, keyof FlowMessages> = {
  OPEN: 'statusOpen',
  BOOKED: 'statusBooked',
  RESCHEDULED: 'statusRescheduled',
  CANCELLED: 'statusCancelled',
  COMPLETED: 'statusCompleted',
};

/** An appointment's status as the catalogue words it (issue 20: no raw codes in front of customers). */
export function statusLabel(m: FlowMessages, status: AppointmentStatus): string {
  return m[KEYS[status]];
}

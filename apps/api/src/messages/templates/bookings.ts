import { clipWords } from './sms';
import { smsData } from './parts';
import { type EventOf, type MessageCopy, type TemplateContext, type Templates } from './types';

type BookingKind = 'booking-booked' | 'booking-reminder' | 'booking-cancelled';

/** What differs between the three booking messages, in English. */
interface BookingWords {
  subject(service: string, when: string): string;
  heading(service: string): string;
  text(service: string, when: string, place: string): string;
  /** The SMS after the store's name; `place` is null when it is left out to fit. */
  sms(service: string, booking: string, when: string, place: string | null): string;
}

const WORDS: Readonly<Record<BookingKind, BookingWords>> = {
  'booking-booked': {
    subject: (service, when) => `Your ${service} is booked for ${when}`,
    heading: (service) => `Your ${service} is booked`,
    text: (service, when, place) => `Your ${service} is booked for ${when}, at ${place}. We look forward to seeing you.`,
    sms: (service, booking, when, place) => `Your ${service} ${booking} is booked for ${when}${place ? `, at ${place}` : ''}.`,
  },
  'booking-reminder': {
    subject: (service, when) => `Reminder: your ${service} is on ${when}`,
    heading: (service) => `Your ${service} is coming up`,
    text: (service, when, place) => `A reminder that your ${service} is on ${when}, at ${place}.`,
    sms: (service, booking, when, place) => `Reminder: your ${service} ${booking} is on ${when}${place ? `, at ${place}` : ''}.`,
  },
  'booking-cancelled': {
    subject: (service, when) => `Your ${service} on ${when} is cancelled`,
    heading: (service) => `Your ${service} is cancelled`,
    text: (service, when, place) => `Your ${service} on ${when}, at ${place}, is cancelled. You are welcome to book another time on our site.`,
    sms: (service, booking, when, place) => `Your ${service} ${booking} on ${when}${place ? `, at ${place},` : ''} is cancelled.`,
  },
};

function booking(kind: BookingKind) {
  return (event: EventOf<BookingKind>, { fmt, common }: TemplateContext): MessageCopy => {
    const words = WORDS[kind];
    const service = common.service[event.service];
    // An appointment's id is written as it is (`APT-0A1B2C3D4E5F`); a home try-on's order number, as an order's (`#1234`).
    const number = /^\d+$/.test(event.bookingId) ? `#${event.bookingId}` : event.bookingId;
    const day = fmt.day(event.startsAt, { weekday: true });
    const time = fmt.time(event.startsAt);
    const when = common.when(day, time);
    const place = smsData(event.place);
    const smsNumber = smsData(number) ?? '';
    const sms = (where: string | null) => `${common.store}: ${words.sms(service, smsNumber, common.when(fmt.day(event.startsAt), time), where)}`;
    return {
      subject: words.subject(service, when),
      preview: `${when}, ${event.place}`,
      heading: words.heading(service),
      blocks: [
        { type: 'text', text: words.text(service, when, event.place) },
        {
          type: 'facts',
          facts: [
            ['Booking', number],
            ['Service', common.serviceTitle[event.service]],
            ['Date', day],
            ...(time ? [['Time', time] as const] : []),
            ['Place', event.place],
          ],
        },
      ],
      sms: [...(place ? [sms(place), sms(clipWords(place, 60)), sms(clipWords(place, 30))] : []), sms(null)],
    };
  };
}

/** The English templates of bookings (a home try-on, an eye test at a store). */
export const BOOKING_TEMPLATES_EN: Pick<Templates, BookingKind> = {
  'booking-booked': booking('booking-booked'),
  'booking-reminder': booking('booking-reminder'),
  'booking-cancelled': booking('booking-cancelled'),
};

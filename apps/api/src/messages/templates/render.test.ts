import { COUNTRY_CODES, type CountryCode } from '@eyewear/i18n/rules';
import { SMS_MAX_LENGTH, type MessageAudience, type MessageEvent, type MessageKind, type MessageLine, type RefundDestination } from '../events';
import { renderMessage } from './index';
import { isGsm7, smsLength } from './sms';

const audience = (country: CountryCode, overrides: Partial<MessageAudience> = {}): MessageAudience => ({
  country,
  name: 'Asha',
  email: 'asha@example.com',
  phone: '+91 9876543210',
  siteUrl: `https://eyewear.example/${country}`,
  ...overrides,
});

/** What the e-mail's HTML shows a reader: tags and React's text separators out, entities read. */
const visible = (html: string): string =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const LINES: MessageLine[] = [
  { name: 'Titanium Rimless Eyeglasses', quantity: 1, amount: 120000 },
  { name: 'Aviator Classic Gold', quantity: 2, amount: 3456 },
];

/** The amounts of the fixtures as formatPrice writes them in India and the US (Indian grouping for INR). */
const MONEY = {
  in: {
    line1: '₹1,20,000',
    line2: '₹3,456',
    total: '₹1,23,456',
    refund: '₹1,499.50',
    toPay: '₹500',
    smsTotal: 'Rs. 1,23,456',
    smsRefund: 'Rs. 1,499.50',
    smsToPay: 'Rs. 500',
  },
  us: {
    line1: '$120,000',
    line2: '$3,456',
    total: '$123,456',
    refund: '$1,499.50',
    toPay: '$500',
    smsTotal: '$123,456',
    smsRefund: '$1,499.50',
    smsToPay: '$500',
  },
} as const;

type Money = (typeof MONEY)[keyof typeof MONEY];

/** Per kind: an event, and what its subject, its e-mail (HTML and text) and its SMS must name. */
const CASES: Record<MessageKind, { event: MessageEvent; subject: (m: Money) => string[]; email: (m: Money) => string[]; sms: (m: Money) => string[] }> = {
  'order-placed': {
    event: { kind: 'order-placed', orderId: 1234, lines: LINES, total: 123456, payment: 'UPI', estimatedDelivery: '2026-12-05' },
    subject: (m) => ['#1234', m.total],
    email: (m) => ['#1234', 'Titanium Rimless Eyeglasses, Qty 1', m.line1, 'Aviator Classic Gold, Qty 2', m.line2, m.total, 'Payment', 'UPI'],
    sms: (m) => ['#1234', m.smsTotal, '3 items', 'UPI'],
  },
  'payment-failed': {
    event: {
      kind: 'payment-failed',
      orderId: 1234,
      total: 123456,
      reason: 'The bank declined the card.',
      payAgainUrl: 'https://eyewear.example/checkout/onepage/retrypayment?orderId=1234',
    },
    subject: (m) => ['#1234', m.total],
    email: (m) => ['#1234', m.total, 'The bank declined the card', 'Pay again'],
    sms: (m) => ['#1234', m.smsTotal, 'https://eyewear.example/checkout/onepage/retrypayment?orderId=1234'],
  },
  'order-dispatched': {
    event: {
      kind: 'order-dispatched',
      orderId: 1234,
      lines: LINES,
      courier: 'BlueDart',
      trackingNumber: 'BD123456789IN',
      trackingUrl: 'https://track.example/BD123456789IN',
    },
    subject: () => ['#1234'],
    email: (m) => ['#1234', 'BlueDart', 'BD123456789IN', 'Track your parcel', m.line1, m.line2],
    sms: () => ['#1234', 'BlueDart', 'BD123456789IN'],
  },
  'order-delivered': {
    event: { kind: 'order-delivered', orderId: 1234, lines: LINES },
    subject: () => ['#1234'],
    email: (m) => ['#1234', 'Titanium Rimless Eyeglasses', m.line1, m.line2, 'within 30 days'],
    sms: () => ['#1234', '3 items', 'delivered'],
  },
  'item-cancelled': {
    event: {
      kind: 'item-cancelled',
      orderId: 1234,
      line: { name: 'Aviator Classic Gold', quantity: 2, amount: 3456 },
      refundAmount: 1499.5,
      refundTo: 'store-credit',
    },
    subject: (m) => ['#1234', m.refund],
    email: (m) => ['#1234', 'Aviator Classic Gold, Qty 2', m.line2, `We will refund ${m.refund} to your store credit.`],
    sms: (m) => ['#1234', '2 x Aviator Classic Gold', `We will refund ${m.smsRefund} to your store credit.`],
  },
  'return-requested': {
    event: { kind: 'return-requested', orderId: 1234, returnId: 55, lines: LINES, pickupDate: '2026-12-05' },
    subject: () => ['#55', '#1234'],
    email: (m) => ['#55', '#1234', m.line1, m.line2, 'Titanium Rimless Eyeglasses'],
    sms: () => ['#55', '#1234', '3 items'],
  },
  'return-picked-up': {
    event: { kind: 'return-picked-up', orderId: 1234, returnId: 55, lines: LINES },
    subject: () => ['#55', '#1234', 'picked up'],
    email: (m) => ['#55', '#1234', m.line1, m.line2],
    sms: () => ['#55', '#1234', 'picked up'],
  },
  'return-received': {
    event: { kind: 'return-received', orderId: 1234, returnId: 55, lines: LINES },
    subject: () => ['#55', '#1234', 'reached us'],
    email: (m) => ['#55', '#1234', m.line1, m.line2],
    sms: () => ['#55', '#1234', 'reached us'],
  },
  'refund-issued': {
    event: { kind: 'refund-issued', orderId: 1234, amount: 1499.5, refundTo: 'bank-account', reference: 'RF-778899' },
    subject: (m) => ['#1234', m.refund],
    email: (m) => ['#1234', `We have refunded ${m.refund} for your order #1234 to your bank account.`, 'Bank account', 'RF-778899'],
    sms: (m) => ['#1234', m.smsRefund, 'to your bank account', 'RF-778899'],
  },
  'exchange-placed': {
    event: { kind: 'exchange-placed', orderId: 1234, exchangeOrderId: 1300, lines: LINES, amountToPay: 500 },
    subject: (m) => ['#1300', '#1234', m.toPay],
    email: (m) => ['#1300', '#1234', `There is ${m.toPay} to pay`, m.line1, m.line2, 'View your exchange order'],
    sms: (m) => ['#1300', '#1234', `To pay: ${m.smsToPay}`],
  },
  'booking-booked': {
    event: {
      kind: 'booking-booked',
      bookingId: 'APT-0A1B2C3D4E5F',
      service: 'eye-test',
      startsAt: '2026-12-03T05:30:00Z',
      place: 'Clearview Studio, Connaught Place, New Delhi',
    },
    subject: () => ['eye test', 'booked'],
    email: () => ['APT-0A1B2C3D4E5F', 'Eye test', 'Clearview Studio, Connaught Place, New Delhi'],
    sms: () => ['APT-0A1B2C3D4E5F', 'eye test', 'booked'],
  },
  'booking-reminder': {
    event: { kind: 'booking-reminder', bookingId: '5001', service: 'home-try-on', startsAt: '2026-12-03T05:30:00Z', place: '12 MG Road, Bengaluru' },
    subject: () => ['Reminder', 'home try-on'],
    email: () => ['#5001', 'Home try-on', '12 MG Road, Bengaluru'],
    sms: () => ['#5001', 'home try-on', 'Reminder'],
  },
  'booking-cancelled': {
    event: {
      kind: 'booking-cancelled',
      bookingId: 'APT-0A1B2C3D4E5F',
      service: 'eye-test',
      startsAt: '2026-12-03T05:30:00Z',
      place: 'Clearview Studio, Connaught Place, New Delhi',
    },
    subject: () => ['eye test', 'cancelled'],
    email: () => ['APT-0A1B2C3D4E5F', 'cancelled', 'Clearview Studio, Connaught Place, New Delhi'],
    sms: () => ['APT-0A1B2C3D4E5F', 'cancelled'],
  },
};

describe('renderMessage: each kind names the facts of its event, in the country’s money', () => {
  const kinds = Object.keys(CASES) as MessageKind[];

  describe.each(['in', 'us'] as const)('country %s', (country) => {
    const money = MONEY[country];

    it.each(kinds)('%s', async (kind) => {
      const { event, subject, email, sms } = CASES[kind];
      const message = await renderMessage(event, audience(country));
      for (const fact of subject(money)) expect(message.subject).toContain(fact);
      for (const fact of email(money)) {
        expect(message.text).toContain(fact);
        expect(visible(message.html)).toContain(fact);
      }
      for (const fact of sms(money)) expect(message.sms).toContain(fact);
      expect(message.text).toContain('Hello Asha,');
      expect(visible(message.html)).toContain('Hello Asha,');
      expect(message.html.startsWith('<!DOCTYPE html')).toBe(true);
      // Never the other country's mark: one currency a message.
      const otherMark = country === 'in' ? '$' : '₹';
      expect(`${message.subject}${message.text}${message.sms}`).not.toContain(otherMark);
    });
  });

  it('links go to the order’s page on the country’s site, and to the pay-again address', async () => {
    const placed = await renderMessage(CASES['order-placed'].event, audience('us'));
    expect(placed.html).toContain('href="https://eyewear.example/us/sales/order/history/order-detail/1234"');
    expect(placed.text).toContain('View your order: https://eyewear.example/us/sales/order/history/order-detail/1234');
    const exchange = await renderMessage(CASES['exchange-placed'].event, audience('in'));
    expect(exchange.html).toContain('href="https://eyewear.example/in/sales/order/history/order-detail/1300"');
    const failed = await renderMessage(CASES['payment-failed'].event, audience('in'));
    expect(failed.html).toContain('href="https://eyewear.example/checkout/onepage/retrypayment?orderId=1234"');
    expect(failed.text).toContain('Pay again: https://eyewear.example/checkout/onepage/retrypayment?orderId=1234');
  });

  it('greets without a name when none is known, and the footer says the message is about the order or booking, not marketing', async () => {
    const order = await renderMessage(CASES['order-delivered'].event, audience('in', { name: null }));
    expect(order.text).toContain('Hello,');
    expect(order.text).toMatch(/about your order, not marketing/);
    expect(visible(order.html)).toMatch(/about your order, not marketing/);
    const booking = await renderMessage(CASES['booking-booked'].event, audience('in', { name: '  ' }));
    expect(booking.text).toContain('Hello,');
    expect(booking.text).toMatch(/about your booking, not marketing/);
  });

  it('writes the other countries’ money with their marks: AED, SAR and SGD', async () => {
    const event = CASES['order-placed'].event;
    expect((await renderMessage(event, audience('ae'))).subject).toContain('AED 123,456');
    expect((await renderMessage(event, audience('sa'))).sms).toContain('SAR 123,456');
    expect((await renderMessage(event, audience('sg'))).text).toContain('$123,456');
  });

  it('order-placed names the delivery estimate as the country writes the day, or says it will tell when there is none', async () => {
    const event = CASES['order-placed'].event;
    expect((await renderMessage(event, audience('in'))).text).toContain('Sat, 5 Dec, 2026');
    expect((await renderMessage(event, audience('in'))).sms).toContain('Delivery by 5 Dec 2026');
    expect((await renderMessage(event, audience('us'))).text).toContain('Sat, Dec 5, 2026');
    const none = await renderMessage({ ...event, estimatedDelivery: null } as MessageEvent, audience('in'));
    expect(none.text).toContain('We will tell you when it is on its way.');
    expect(none.text).not.toContain('Estimated delivery');
  });

  it('return-requested names the pickup day when given', async () => {
    const event = CASES['return-requested'].event;
    expect((await renderMessage(event, audience('in'))).text).toContain('We will pick it up on Sat, 5 Dec, 2026.');
    expect((await renderMessage(event, audience('us'))).sms).toContain('Pickup on Dec 5, 2026');
    const none = await renderMessage({ ...event, pickupDate: null } as MessageEvent, audience('in'));
    expect(none.text).toContain('We will tell you when we will pick it up.');
  });

  it('exchange-placed says when there is nothing to pay', async () => {
    const message = await renderMessage({ ...CASES['exchange-placed'].event, amountToPay: 0 } as MessageEvent, audience('in'));
    expect(message.text).toContain('There is nothing to pay for the exchange.');
    expect(message.sms).toContain('Nothing to pay.');
    expect(message.subject).not.toContain('to pay');
  });

  it('bookings give the date and time in the country’s time zone', async () => {
    // 05:30 UTC is 11:00 in India; 16:00 UTC is 11:00 in New York (EST).
    const india = await renderMessage(CASES['booking-booked'].event, audience('in'));
    expect(india.subject).toBe('Your eye test is booked for Thu, 3 Dec, 2026 at 11:00 am');
    expect(india.text).toContain('Time: 11:00 am');
    expect(india.sms).toContain('3 Dec 2026 at 11:00 am');
    const us = await renderMessage({ ...CASES['booking-booked'].event, startsAt: '2026-12-03T16:00:00Z' } as MessageEvent, audience('us'));
    expect(us.subject).toBe('Your eye test is booked for Thu, Dec 3, 2026 at 11:00 AM');
    expect(visible(us.html)).toContain('Time 11:00 AM');
    // Late evening UTC is the next morning in India: the day is the local one.
    const late = await renderMessage({ ...CASES['booking-reminder'].event, startsAt: '2026-12-03T20:00:00Z' } as MessageEvent, audience('in'));
    expect(late.subject).toBe('Reminder: your home try-on is on Fri, 4 Dec, 2026 at 1:30 am');
  });
});

describe('item-cancelled: the refund sentence', () => {
  const cancelled = (refundAmount: number, refundTo: RefundDestination | null): MessageEvent => ({
    kind: 'item-cancelled',
    orderId: 1234,
    line: { name: 'Aviator Classic Gold', quantity: 1, amount: 1499.5 },
    refundAmount,
    refundTo,
  });

  it.each([
    ['original-payment', 'We will refund ₹1,499.50 to your original payment method.', 'Original payment method'],
    ['store-credit', 'We will refund ₹1,499.50 to your store credit.', 'Store credit'],
    ['wallet', 'We will refund ₹1,499.50 to your wallet.', 'Wallet'],
    ['bank-account', 'We will refund ₹1,499.50 to your bank account.', 'Bank account'],
    ['gift-voucher', 'We will refund ₹1,499.50 as a gift voucher.', 'Gift voucher'],
  ] as const)('%s', async (destination, sentence, label) => {
    const message = await renderMessage(cancelled(1499.5, destination), audience('in'));
    expect(message.text).toContain(sentence);
    expect(message.text).toContain(`Refunded to: ${label}`);
    expect(visible(message.html)).toContain(sentence);
    expect(message.sms).toContain(sentence.replace('₹', 'Rs. '));
    expect(message.subject).toContain('refund of ₹1,499.50');
  });

  it.each([
    ['an amount of 0', 0, 'wallet'],
    ['no destination', 1499.5, null],
  ] as const)('no refund is due with %s', async (_, amount, destination) => {
    const message = await renderMessage(cancelled(amount, destination), audience('us'));
    expect(message.text).toContain('No refund is due for this item.');
    expect(visible(message.html)).toContain('No refund is due for this item.');
    expect(message.sms).toContain('No refund is due.');
    expect(message.text).not.toMatch(/We will refund/);
    expect(message.subject).not.toMatch(/refund/);
  });
});

describe('SMS: one GSM-7 segment, whatever the order', () => {
  const longName = (i: number) => `Vincent Chase Polarized Full Rim Wayfarer Sunglasses in Matte Tortoise Brown – Size ${i} “Limited Edition”`;
  const longLines: MessageLine[] = Array.from({ length: 10 }, (_, i) => ({ name: longName(i + 1), quantity: 1 + (i % 3), amount: 123456.75 + i }));
  const longPlace =
    'Clearview Studio, Ground Floor, 10 Connaught Place Main Road, Block B, Inner Circle, Connaught Place, New Delhi 110001, next to the metro station gate 7';
  const LONG: Record<MessageKind, MessageEvent> = {
    'order-placed': {
      kind: 'order-placed',
      orderId: 99999999,
      lines: longLines,
      total: 9876543.21,
      payment: 'Credit card (HDFC Bank Regalia, EMI 12 months)',
      estimatedDelivery: '2026-09-30',
    },
    'payment-failed': {
      kind: 'payment-failed',
      orderId: 99999999,
      total: 9876543.21,
      reason: 'The issuing bank declined the transaction because the one-time password was not entered before the session expired',
      payAgainUrl: 'https://eyewear.example/ae/checkout/onepage/retrypayment?orderId=99999999&token=abcdefghijklmnopqrstuvwxyz0123456789',
    },
    'order-dispatched': {
      kind: 'order-dispatched',
      orderId: 99999999,
      lines: longLines,
      courier: 'Delhivery Express Surface Logistics Private Limited',
      trackingNumber: 'DLV-0000-1111-2222-3333',
      trackingUrl: 'https://www.delhivery.example/track/package/DLV-0000-1111-2222-3333?utm_source=eyewear&utm_medium=sms',
    },
    'order-delivered': { kind: 'order-delivered', orderId: 99999999, lines: longLines },
    'item-cancelled': { kind: 'item-cancelled', orderId: 99999999, line: longLines[0]!, refundAmount: 9876543.21, refundTo: 'original-payment' },
    'return-requested': { kind: 'return-requested', orderId: 99999999, returnId: 88888888, lines: longLines, pickupDate: '2026-09-30' },
    'return-picked-up': { kind: 'return-picked-up', orderId: 99999999, returnId: 88888888, lines: longLines },
    'return-received': { kind: 'return-received', orderId: 99999999, returnId: 88888888, lines: longLines },
    'refund-issued': {
      kind: 'refund-issued',
      orderId: 99999999,
      amount: 9876543.21,
      refundTo: 'original-payment',
      reference: 'HDFC-NEFT-REF-20260930-000123456789-XYZ',
    },
    'exchange-placed': { kind: 'exchange-placed', orderId: 99999999, exchangeOrderId: 99999998, lines: longLines, amountToPay: 9876543.21 },
    'booking-booked': { kind: 'booking-booked', bookingId: '99999999', service: 'home-try-on', startsAt: '2026-09-30T06:30:00Z', place: longPlace },
    'booking-reminder': { kind: 'booking-reminder', bookingId: '99999999', service: 'home-try-on', startsAt: '2026-09-30T06:30:00Z', place: longPlace },
    'booking-cancelled': { kind: 'booking-cancelled', bookingId: '99999999', service: 'home-try-on', startsAt: '2026-09-30T06:30:00Z', place: longPlace },
  };
  const cases = COUNTRY_CODES.flatMap((country) => (Object.keys(LONG) as MessageKind[]).map((kind) => [kind, country] as const));

  it.each(cases)('%s (%s): at most 160 characters of GSM-7, with the order number and key fact whole', async (kind, country) => {
    const { sms } = await renderMessage(LONG[kind], audience(country));
    expect(sms.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(smsLength(sms)).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(isGsm7(sms)).toBe(true);
    expect(sms).toMatch(/^Eyewear: /);
    expect(sms).toContain('#99999999');
    const key: Partial<Record<MessageKind, RegExp>> = {
      'order-placed': /total (Rs\. 98,76,543\.21|(\$|AED |SAR )9,876,543\.21)[,.]/,
      'payment-failed': /(Rs\. 98,76,543\.21|(\$|AED |SAR )9,876,543\.21) for order/,
      'order-dispatched': /DLV-0000-1111-2222-3333/,
      'item-cancelled': /refund (Rs\. 98,76,543\.21|(\$|AED |SAR )9,876,543\.21) to your original payment method\./,
      'return-requested': /#88888888 .*Pickup on (30 Sept 2026|30 Sep 2026|Sep 30, 2026)\./,
      'refund-issued': /refunded (Rs\. 98,76,543\.21|(\$|AED |SAR )9,876,543\.21) for order/,
      'exchange-placed': /#99999998 .*To pay: (Rs\. 98,76,543\.21|(\$|AED |SAR )9,876,543\.21)\./,
      'booking-booked': /30, 2026 at \d{1,2}:\d\d (am|pm|AM|PM)|30 Sept? 2026 at \d{1,2}:\d\d (am|pm|AM|PM)/,
    };
    if (key[kind]) expect(sms).toMatch(key[kind]!);
    // Items are counted, not listed.
    if ('lines' in LONG[kind]) expect(sms).not.toContain('Vincent Chase');
  });

  it('a single short item is named in the cancellation SMS; a long name is shortened at a word, never cut mid-number', async () => {
    const { sms } = await renderMessage(LONG['item-cancelled'], audience('in'));
    expect(sms).toMatch(/^Eyewear: (Vincent Chase[\w ]*\.\.\.|1 item) cancelled from order #99999999\./);
  });
});

describe('HTML escapes what comes from data', () => {
  const script = '<script>alert("x")</script>';

  it('a product name, a customer name, a courier and a place are text, never markup', async () => {
    const lines = [{ name: `Aviator ${script}`, quantity: 1, amount: 1499 }];
    const events: MessageEvent[] = [
      { kind: 'order-placed', orderId: 1, lines, total: 1499, payment: `<img src=x onerror=alert(1)>`, estimatedDelivery: null },
      { kind: 'order-dispatched', orderId: 1, lines, courier: script, trackingNumber: '<b>1</b>', trackingUrl: 'javascript:alert(1)' },
      { kind: 'booking-booked', bookingId: 'APT-000000000001', service: 'eye-test', startsAt: '2026-12-03T05:30:00Z', place: script },
    ];
    for (const event of events) {
      const { html, text } = await renderMessage(event, audience('in', { name: `<i>${script}</i>` }));
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<b>1</b>');
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).toContain('&lt;script&gt;');
      // The plain text is text: it carries the name as it is.
      expect(text).toContain(script);
    }
  });

  it('a tracking link that is not a web address is left out; a web one is the button', async () => {
    const base = CASES['order-dispatched'].event;
    const bad = await renderMessage({ ...base, trackingUrl: 'javascript:alert(1)' } as MessageEvent, audience('in'));
    expect(bad.text).not.toContain('Track your parcel');
    expect(bad.sms).not.toContain('javascript');
    const good = await renderMessage(base, audience('in'));
    expect(good.html).toContain('href="https://track.example/BD123456789IN"');
    expect(good.text).toContain('Track your parcel: https://track.example/BD123456789IN');
  });
});

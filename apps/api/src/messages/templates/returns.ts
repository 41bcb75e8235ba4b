import { clipWords } from './sms';
import { smsData, unitsOf } from './parts';
import { type Templates } from './types';

type ReturnKinds = 'return-requested' | 'return-picked-up' | 'return-received' | 'refund-issued' | 'exchange-placed';

/** The English templates of returns, refunds and exchanges: each one's words are all in it. */
export const RETURN_TEMPLATES_EN: Pick<Templates, ReturnKinds> = {
  'return-requested': (event, { fmt, common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const ret = `#${event.returnId}`;
    const items = common.items(unitsOf(event.lines));
    const pickup = event.pickupDate ? fmt.day(event.pickupDate, { weekday: true }) : null;
    const pickupText = pickup ? `We will pick it up on ${pickup}.` : 'We will tell you when we will pick it up.';
    const requested = `${common.store}: Return ${ret} for order ${order} (${items}) is requested.`;
    return {
      subject: `Your return ${ret} for order ${order} is requested`,
      preview: pickupText,
      heading: 'Your return is requested',
      blocks: [
        { type: 'text', text: `We have your return request ${ret} for your order ${order}. ${pickupText}` },
        { type: 'lines', lines: event.lines },
        { type: 'facts', facts: [['Return', ret], ['Order', order], ...(pickup ? [['Pickup', pickup] as const] : [])] },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        event.pickupDate ? `${requested} Pickup on ${fmt.day(event.pickupDate)}.` : `${requested} We will tell you the pickup date.`,
        event.pickupDate ? `${common.store}: Return ${ret} for order ${order} requested. Pickup on ${fmt.day(event.pickupDate)}.` : requested,
      ],
    };
  },

  'return-picked-up': (event, { common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const ret = `#${event.returnId}`;
    const items = common.items(unitsOf(event.lines));
    return {
      subject: `Your return ${ret} for order ${order} is picked up`,
      preview: `${items} picked up. We will tell you when they reach us.`,
      heading: 'Your return is picked up',
      blocks: [
        { type: 'text', text: `We have picked up the items of your return ${ret} for your order ${order}. We will tell you when they reach us.` },
        { type: 'lines', lines: event.lines },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        `${common.store}: Return ${ret} for order ${order} (${items}) is picked up. We will tell you when it reaches us.`,
        `${common.store}: Return ${ret} for order ${order} is picked up.`,
      ],
    };
  },

  'return-received': (event, { common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const ret = `#${event.returnId}`;
    const items = common.items(unitsOf(event.lines));
    return {
      subject: `Your return ${ret} for order ${order} has reached us`,
      preview: `${items} received. We will tell you about your refund or exchange.`,
      heading: 'Your return has reached us',
      blocks: [
        {
          type: 'text',
          text: `Your return ${ret} for your order ${order} has reached us. We will check the items and tell you about your refund or exchange.`,
        },
        { type: 'lines', lines: event.lines },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        `${common.store}: Return ${ret} for order ${order} (${items}) has reached us. We will tell you about your refund or exchange.`,
        `${common.store}: Return ${ret} for order ${order} has reached us.`,
      ],
    };
  },

  'refund-issued': (event, { fmt, common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const amount = fmt.price(event.amount);
    const where = common.refundTo[event.refundTo];
    const reference = event.reference?.trim() || null;
    const smsReference = smsData(reference);
    const refunded = `${common.store}: We have refunded ${fmt.smsPrice(event.amount)} for order ${order} ${where}.`;
    return {
      subject: `Your refund of ${amount} for order ${order}`,
      preview: `${amount} ${where}.`,
      heading: 'Your refund is issued',
      blocks: [
        { type: 'text', text: `We have refunded ${amount} for your order ${order} ${where}.` },
        {
          type: 'facts',
          facts: [
            ['Order', order],
            ['Refund', amount],
            ['Refunded to', common.refundDestination[event.refundTo]],
            ...(reference ? [['Reference', reference] as const] : []),
          ],
        },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [...(smsReference ? [`${refunded} Reference ${smsReference}.`, `${refunded} Ref. ${clipWords(smsReference, 40)}`] : []), refunded],
    };
  },

  'exchange-placed': (event, { fmt, common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const exchange = `#${event.exchangeOrderId}`;
    const items = common.items(unitsOf(event.lines));
    const toPay = event.amountToPay > 0 ? fmt.price(event.amountToPay) : null;
    const pay = toPay ? `There is ${toPay} to pay for the exchange.` : 'There is nothing to pay for the exchange.';
    const smsPay = event.amountToPay > 0 ? `To pay: ${fmt.smsPrice(event.amountToPay)}.` : 'Nothing to pay.';
    return {
      subject: `Exchange order ${exchange} is placed for your order ${order}${toPay ? `: ${toPay} to pay` : ''}`,
      preview: pay,
      heading: 'Your exchange is placed',
      blocks: [
        { type: 'text', text: `We have placed the exchange order ${exchange} for your order ${order}. ${pay}` },
        { type: 'lines', lines: event.lines },
        {
          type: 'facts',
          facts: [
            ['Exchange order', exchange],
            ['Order', order],
            ['To pay', toPay ?? fmt.price(0)],
          ],
        },
        { type: 'link', label: 'View your exchange order', url: orderUrl(event.exchangeOrderId) },
      ],
      sms: [
        `${common.store}: Exchange order ${exchange} placed for order ${order} (${items}). ${smsPay}`,
        `${common.store}: Exchange order ${exchange} placed for order ${order}. ${smsPay}`,
      ],
    };
  },
};

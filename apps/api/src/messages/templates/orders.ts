import { RETURN_WINDOW_DAYS } from '@eyewear/i18n/rules';
import { clipWords } from './sms';
import { smsData, unitsOf, webUrl, withoutFullStop } from './parts';
import { type Templates } from './types';

type OrderKinds = 'order-placed' | 'payment-failed' | 'order-dispatched' | 'order-delivered' | 'item-cancelled';

/** The English templates of an order's messages: each one's words are all in it. */
export const ORDER_TEMPLATES_EN: Pick<Templates, OrderKinds> = {
  'order-placed': (event, { fmt, common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const total = fmt.price(event.total);
    const items = common.items(unitsOf(event.lines));
    const delivery = event.estimatedDelivery ? fmt.day(event.estimatedDelivery, { weekday: true }) : null;
    const smsDelivery = event.estimatedDelivery ? ` Delivery by ${fmt.day(event.estimatedDelivery)}.` : '';
    const smsTotal = fmt.smsPrice(event.total);
    const payment = smsData(event.payment);
    return {
      subject: `Your order ${order} is placed: ${total}`,
      preview: `${items}, total ${total}, payment ${event.payment}.`,
      heading: 'Thank you for your order',
      blocks: [
        {
          type: 'text',
          text: `We have received your order ${order}. ${delivery ? `We expect to deliver it by ${delivery}.` : 'We will tell you when it is on its way.'}`,
        },
        { type: 'lines', lines: event.lines, total: event.total },
        {
          type: 'facts',
          facts: [['Order', order], ['Payment', event.payment], ...(delivery ? [['Estimated delivery', delivery] as const] : [])],
        },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        ...(payment ? [`${common.store}: Thank you! Order ${order} placed: ${items}, total ${smsTotal}, payment ${payment}.${smsDelivery}`] : []),
        `${common.store}: Thank you! Order ${order} placed: ${items}, total ${smsTotal}.${smsDelivery}`,
        `${common.store}: Order ${order} placed, total ${smsTotal}.${smsDelivery}`,
      ],
    };
  },

  'payment-failed': (event, { fmt, common }) => {
    const order = `#${event.orderId}`;
    const total = fmt.price(event.total);
    const reason = withoutFullStop(event.reason);
    const payAgain = webUrl(event.payAgainUrl);
    const smsReason = smsData(reason);
    const failed = `${common.store}: Payment of ${fmt.smsPrice(event.total)} for order ${order} failed`;
    return {
      subject: `Payment of ${total} for order ${order} did not go through`,
      preview: `Pay again to complete your order ${order}.`,
      heading: 'Your payment did not go through',
      blocks: [
        { type: 'text', text: `We could not take the payment of ${total} for your order ${order}${reason ? `: ${reason}` : ''}.` },
        { type: 'facts', facts: [['Order', order], ['Amount', total], ...(reason ? [['Reason', reason] as const] : [])] },
        { type: 'text', text: 'You can pay again, with the same or another payment method, to complete your order.' },
        { type: 'link', label: 'Pay again', url: payAgain },
      ],
      sms: [
        ...(payAgain && smsReason ? [`${failed}: ${smsReason}. Pay again: ${payAgain}`, `${failed}: ${clipWords(smsReason, 40)}. Pay again: ${payAgain}`] : []),
        ...(payAgain ? [`${failed}. Pay again: ${payAgain}`] : []),
        ...(smsReason ? [`${failed}: ${clipWords(smsReason, 40)}. Please pay again on our site.`] : []),
        `${failed}. Please pay again on our site.`,
      ],
    };
  },

  'order-dispatched': (event, { common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const tracking = webUrl(event.trackingUrl);
    const items = common.items(unitsOf(event.lines));
    const courier = smsData(event.courier);
    const number = smsData(event.trackingNumber) ?? event.trackingNumber;
    const onItsWay = `${common.store}: Order ${order} (${items}) is on its way`;
    return {
      subject: `Your order ${order} is on its way`,
      preview: `${event.courier}, tracking number ${event.trackingNumber}.`,
      heading: 'Your order is on its way',
      blocks: [
        { type: 'text', text: `Your order ${order} has been dispatched with ${event.courier}. Its tracking number is ${event.trackingNumber}.` },
        {
          type: 'facts',
          facts: [
            ['Order', order],
            ['Courier', event.courier],
            ['Tracking number', event.trackingNumber],
          ],
        },
        { type: 'link', label: 'Track your parcel', url: tracking },
        { type: 'lines', lines: event.lines },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        ...(courier && tracking ? [`${onItsWay} with ${courier}, tracking number ${number}. Track: ${tracking}`] : []),
        ...(courier ? [`${onItsWay} with ${courier}, tracking number ${number}.`, `${onItsWay} with ${clipWords(courier, 20)}, tracking no. ${number}.`] : []),
        `${common.store}: Order ${order} is on its way, tracking no. ${number}.`,
      ],
    };
  },

  'order-delivered': (event, { common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const items = common.items(unitsOf(event.lines));
    return {
      subject: `Your order ${order} has been delivered`,
      preview: `${items} delivered. We hope you enjoy them.`,
      heading: 'Your order has been delivered',
      blocks: [
        { type: 'text', text: `Your order ${order} has been delivered. We hope you enjoy it.` },
        { type: 'lines', lines: event.lines },
        { type: 'text', text: `If something is not right, you can return it within ${RETURN_WINDOW_DAYS} days of delivery from your order's page.` },
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        `${common.store}: Order ${order} (${items}) has been delivered. Enjoy your new eyewear! Returns within ${RETURN_WINDOW_DAYS} days from your order's page.`,
        `${common.store}: Order ${order} (${items}) has been delivered. Enjoy your new eyewear!`,
      ],
    };
  },

  'item-cancelled': (event, { fmt, common, orderUrl }) => {
    const order = `#${event.orderId}`;
    const { line } = event;
    const refunded = event.refundAmount > 0 && event.refundTo !== null;
    const refund = refunded ? `We will refund ${fmt.price(event.refundAmount)} ${common.refundTo[event.refundTo!]}.` : 'No refund is due for this item.';
    const smsRefund = refunded ? `We will refund ${fmt.smsPrice(event.refundAmount)} ${common.refundTo[event.refundTo!]}.` : 'No refund is due.';
    const name = smsData(line.name);
    const units = line.quantity > 1 ? `${line.quantity} x ` : '';
    const cancelled = (what: string) => `${common.store}: ${what} cancelled from order ${order}. ${smsRefund}`;
    return {
      subject: `An item of your order ${order} is cancelled${refunded ? `: refund of ${fmt.price(event.refundAmount)}` : ''}`,
      preview: refund,
      heading: 'An item of your order is cancelled',
      blocks: [
        { type: 'text', text: `We have cancelled this item of your order ${order}:` },
        { type: 'lines', lines: [line] },
        { type: 'text', text: refund },
        ...(refunded
          ? [
              {
                type: 'facts' as const,
                facts: [['Refund', fmt.price(event.refundAmount)] as const, ['Refunded to', common.refundDestination[event.refundTo!]] as const],
              },
            ]
          : []),
        { type: 'link', label: common.viewOrder, url: orderUrl(event.orderId) },
      ],
      sms: [
        ...(name ? [cancelled(`${units}${name}`), cancelled(`${units}${clipWords(name, 40)}`), cancelled(`${units}${clipWords(name, 20)}`)] : []),
        cancelled(common.items(line.quantity)),
      ],
    };
  },
};

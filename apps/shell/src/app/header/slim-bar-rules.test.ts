import { wayOutOf } from './slim-bar-rules';

describe('wayOutOf (the slim bar of pages without the header)', () => {
  it.each([
    ['/checkout/onepage/', 'backToCart', '/cart'],
    ['/checkout/onepage/presales', 'backToCart', '/cart'],
    ['/checkout/onepage/presaleslogin', 'backToCart', '/cart'],
    ['/checkout/onepage/success', 'continueShopping', '/'],
    ['/checkout/onepage/success/order-summary', 'continueShopping', '/'],
    ['/checkout/onepage/uploadprescsms', 'continueShopping', '/'],
    ['/checkout/onepage/retrypayment', 'myOrders', '/sales/order/history'],
    ['/checkout/payment/qr/991', 'myOrders', '/sales/order/history'],
    ['/sales/order/history/order-detail/1200', 'myOrders', '/sales/order/history'],
    ['/sales/order/return/products/1200', 'myOrders', '/sales/order/history'],
    ['/sales/order/history', 'continueShopping', '/'],
    ['/lens-package-upgrade/1200/77', 'myOrders', '/sales/order/history'],
    ['/HTO', 'continueShopping', '/'],
  ])('%s leads to %s (%s)', (path, label, to) => expect(wayOutOf(path)).toEqual({ label, to }));
});

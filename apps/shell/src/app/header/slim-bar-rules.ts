/**
 * Where the slim bar of a page without the header (spec/shopping.md "Shell": checkout, payment,
 * order pages, HTO, lens upgrade) leads back to: the step before, or on after the order.
 */
export type WayOut = { label: 'backToCart' | 'continueShopping' | 'myOrders'; to: string };

export function wayOutOf(pathname: string): WayOut {
  const path = pathname.toLowerCase();
  if (/\/checkout\/onepage\/(success|uploadprescsms)/.test(path)) return { label: 'continueShopping', to: '/' };
  if (path.includes('/checkout/onepage/retrypayment')) return { label: 'myOrders', to: '/sales/order/history' };
  if (path.includes('/checkout/onepage') || path.includes('presales')) return { label: 'backToCart', to: '/cart' };
  if (path.includes('/checkout/payment/')) return { label: 'myOrders', to: '/sales/order/history' };
  if (path.replace(/\/$/, '') === '/sales/order/history') return { label: 'continueShopping', to: '/' };
  if (path.includes('/sales/order') || path.includes('lens-package-upgrade')) return { label: 'myOrders', to: '/sales/order/history' };
  return { label: 'continueShopping', to: '/' };
}

// What the other features may use of the cart: its state (the page's one cart) and two pieces of its view.
export { useCart } from './state/use-cart';
export { walletFlagOn } from './rules';
export { cartActions, selectCartState, type CartState } from './state/cart-slice';
export { CartTotals } from './components/CartTotals';
export { PowerBlock } from './components/PowerBlock';
export { usePaymentAvailability, type PaymentAvailability } from './api';
export { NoPaymentNotice } from './components/NoPaymentNotice';

// What the other features may use of checkout: its state (the order being placed and paid) and the kept gift message.
export { useCheckout } from './state/use-checkout';
export { checkoutActions, selectCheckout, type CheckoutState } from './state/checkout-slice';
export { keptGiftMessage } from './gift-message';
export { retryPaymentUrl, type PayInput, type PaymentCheckMethod } from './api';
export { sendPayment, paymentFailureMessage } from './state/send-payment';

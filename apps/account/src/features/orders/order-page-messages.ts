import { defineMessages } from '@eyewear/i18n';

/** Strings of the order page's money, parcel and links (issue 42). */
export const orderPageMessages = defineMessages({
  // money
  payment_storecredit: 'Store credit',
  payment_giftvoucher: 'Gift voucher',
  payment_wallet: 'Wallet',
  payment_exchange: 'Exchange credit',
  lensUpgradeLine: 'Lens upgrade for {name} ({method}): {amount}, {status}',
  itemsTotal: 'Items',
  orderValue: 'Order total',
  lensUpgrades: 'Lens upgrades',
  totalPaid: 'Total paid',
  refunded: 'Refunded',
  netPaid: 'Net paid',
  taxLine: '{name} {rate}% (included)',
  refunds: 'Refunds',
  noRefunds: 'No refunds yet.',
  refundFor: 'Refund for {name} ({why}): {amount} to {method}, {status}',
  refundOrder: 'Refund ({why}): {amount} to {method}, {status}',
  why_cancel: 'cancelled',
  why_return: 'returned',
  refundTo_source: 'the original payment method',
  refundTo_storecredit: 'store credit',
  refundTo_neft: 'your bank account (NEFT)',
  refundTo_upi: 'UPI',
  refundTo_giftvoucher: 'the gift voucher',
  refundTo_wallet: 'the wallet',
  // parcel
  delivery: 'Delivery',
  expectedDelivery: 'Expected delivery: {date}',
  deliveredOn: 'Delivered on {date}',
  shippedOn: 'Shipped on {date}',
  notShipped: 'Not shipped yet',
  courier: 'Courier: {name}',
  trackingNumber: 'Tracking number: {number}',
  // links
  invoice: 'Invoice',
  buyAgain: 'Buy it again',
  buyingAgain: 'Adding to your cart…',
  help: 'Help with this order',
  // cancel
  cancelItem: 'Cancel {name}',
  yourRefund: 'Your refund',
  refundPreview: 'Refund: {amount}',
  refundPart: '{amount} to {method}',
  noRefundPreview: 'Nothing was paid for this yet: there is nothing to refund.',
});

/** Strings of the printable invoice (a lazy chunk of its own). */
export const invoiceMessages = defineMessages({
  invoiceFor: 'Tax invoice for order {id}',
  invoiceDate: 'Order date: {date}',
  soldBy: 'Sold by Eyewear, prices include tax',
  billedTo: 'Billed and shipped to',
  item: 'Item',
  qty: 'Qty',
  unitPrice: 'Price',
  amount: 'Amount',
  itemCancelled: '{name} (cancelled)',
  lensUpgradeFor: 'Lens upgrade for {name}',
  totalCharged: 'Total charged',
  taxes: 'Taxes included',
  totalTax: 'Total tax',
  print: 'Print',
  backToOrder: 'Back to the order',
});

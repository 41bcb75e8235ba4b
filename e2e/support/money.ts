/**
 * An amount as the site writes rupees (`₹1,499`; two decimals only when there is a fraction:
 * `₹3,739.50`), as `formatPrice` of @eyewear/i18n/rules does: what journeys expect on a page or
 * in a message.
 */
export const rupees = (amount: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: Math.round(amount * 100) % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(amount)}`;

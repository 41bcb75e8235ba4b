// Who buys in the tools' own loads (the bench's "My orders" customer, the cluster's failover
// buyers): a test card the simulated gateway accepts and an Indian address it delivers to.

/** A card the simulated gateway approves (Luhn-valid, never expiring in a run). */
export const TEST_CARD = { number: '4111111111111111', nameOnCard: 'Bench Buyer', expiryMonth: 12, expiryYear: 2099, cvv: '123' };

/** A delivery address in Bengaluru (its pincode is served). */
export const TEST_ADDRESS = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench@example.com',
  phone: '9876543210',
  addressline1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postcode: '560001',
  country: 'in',
};

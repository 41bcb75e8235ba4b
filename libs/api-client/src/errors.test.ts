import { ApiError } from './client';
import { fieldOf, messageOf, readableMessageOf } from './errors';

describe('messageOf and fieldOf', () => {
  it("shows the server's message and names its field", () => {
    const error = new ApiError(400, { message: 'Please enter a valid mobile number', field: 'telephone' }, 'Please enter a valid mobile number');
    expect(messageOf(error, 'Something went wrong')).toBe('Please enter a valid mobile number');
    expect(fieldOf(error)).toBe('telephone');
  });

  it("falls back to the caller's text for anything without a server message", () => {
    expect(messageOf(new ApiError(502, null, 'request failed with status 502'), 'System error occurred')).toBe('System error occurred');
    expect(messageOf(new ApiError(400, { message: '  ' }, ''), 'fallback')).toBe('fallback');
    expect(messageOf(new TypeError('Failed to fetch'), 'System error occurred')).toBe('System error occurred');
    expect(messageOf(undefined, 'fallback')).toBe('fallback');
    expect(fieldOf(new Error('x'))).toBeUndefined();
  });
});

describe('readableMessageOf (issue 42: raw technical messages reached shoppers)', () => {
  const refusal = (message: string, field?: string) => new ApiError(400, { message, field }, message);

  it("keeps the server's sentence, without the raw field name its validation starts with", () => {
    expect(readableMessageOf(refusal('card.cvv: Please enter a valid CVV', 'card.cvv'), 'x')).toBe('Please enter a valid CVV');
    expect(readableMessageOf(refusal('The sales person id or password is wrong', 'password'), 'x')).toBe('The sales person id or password is wrong');
    expect(readableMessageOf(refusal('Your card has expired'), 'x')).toBe('Your card has expired');
  });

  it("says the caller's words instead of a validator's or a protocol's own", () => {
    for (const raw of [
      'password: Too big: expected string to have <=64 characters',
      'card.expiryMonth: Too small: expected number to be >=1',
      'paymentMethod: Invalid option: expected one of "cc"|"dc"',
      'card.nameOnCard: Invalid input: expected string, received undefined',
      'An Idempotency-Key header (8 to 100 letters, digits, - or _) is required',
      'Cross-site requests are not accepted.',
    ])
      expect(readableMessageOf(refusal(raw), 'Please check the details and try again.')).toBe('Please check the details and try again.');
    expect(readableMessageOf(new TypeError('Failed to fetch'), 'No answer')).toBe('No answer');
  });
});

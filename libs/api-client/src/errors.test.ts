import { ApiError } from './client';
import { fieldOf, messageOf } from './errors';

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

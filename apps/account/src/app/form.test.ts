import { failureFrom, failureText, fieldWords, formError } from './form';

/** What a server refusal looks like to the client: an ApiError-like body with a message and the field. */
const refusal = (message: string, field?: string) => ({ body: { message, ...(field ? { field } : {}) } });

describe('server refusals as the shopper reads them (issue 42: "accountNumber: ..." was shown)', () => {
  it('writes a field name as words', () => {
    expect(fieldWords('accountNumber')).toBe('Account number');
    expect(fieldWords('right.sph')).toBe('Right sph');
    expect(fieldWords('items.0.reasonId')).toBe('Items reason id');
    expect(fieldWords('email')).toBe('Email');
  });

  it('drops the raw field name from the message, keeping it in words for a sentence on its own', () => {
    const failure = failureFrom(refusal('accountNumber: Enter 9 to 18 digits', 'accountNumber'), 'Something went wrong');
    expect(failure).toEqual({ field: 'accountNumber', message: 'Enter 9 to 18 digits', subject: 'Account number' });
    expect(failureText(failure)).toBe('Account number: Enter 9 to 18 digits');
    // At a field of the form: the message alone; for a field the form does not show: the sentence.
    expect(formError(failure, ['accountNumber'])).toBeNull();
    expect(formError(failure, ['bankName'])).toBe('Account number: Enter 9 to 18 digits');
  });

  it('leaves a message that is a sentence alone', () => {
    expect(failureFrom(refusal('This gift voucher code is not valid', 'code'), 'x')).toEqual({ field: 'code', message: 'This gift voucher code is not valid' });
    expect(failureFrom(refusal('Note: try again later'), 'x')).toEqual({ field: undefined, message: 'Note: try again later' });
    expect(failureFrom(new Error('boom'), 'Something went wrong').message).toBe('Something went wrong');
  });
});

import { isValidEmail, isValidMobile } from './phone';

describe('per-country mobile rules (spec §5)', () => {
  it.each([
    ['in', '9876543210', true],
    ['in', '5876543210', false],
    ['in', '987654321', false],
    ['ae', '501234567', true],
    ['ae', '5012345678', false],
    ['sg', '81234567', true],
    ['sa', '512345678', true],
    ['us', '2025550123', true],
    ['us', '202-555-012', false],
  ] as const)('%s %s -> %s', (country, phone, ok) => {
    expect(isValidMobile(country, phone)).toBe(ok);
  });

  it('checks e-mails the spec way', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a b@c.d')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

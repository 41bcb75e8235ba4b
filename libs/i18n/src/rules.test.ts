import { cardType, digitsOnly, discountOf, httpsUrl, isDigitsOnly, isValidEmail, isValidMobile, isValidPowerPhone, lettersAndSpacesOnly, priceWithGst } from './rules';

describe('validators', () => {
  it.each([
    ['a@b.co', true],
    ['first.last@shop.example.in', true],
    ['a b@c.de', false],
    ['ab.cd', false],
    ['a@bcd', false],
  ])('e-mail %p valid: %p', (value, ok) => expect(isValidEmail(value)).toBe(ok));

  it.each([
    ['in', '9876543210', true],
    ['in', '5876543210', false],
    ['in', '987654321', false],
    ['ae', '501234567', true],
    ['ae', '5012345678', false],
    ['sg', '81234567', true],
    ['sg', '8123456', false],
    ['sa', '512345678', true],
    ['us', '2025550123', true],
    ['us', '202555012a', false],
  ] as const)('%s mobile %s valid: %p', (country, number, ok) => expect(isValidMobile(number, country)).toBe(ok));

  it.each([
    ['9876543210', true],
    ['09876543210', true],
    ['7000000000', true],
    ['6876543210', false],
    ['98765432', false],
    ['009876543210', false],
  ])('power phone %s valid: %p', (value, ok) => expect(isValidPowerPhone(value)).toBe(ok));

  it('strips to digits or letters and spaces', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('01 23')).toBe(false);
    expect(digitsOnly('+91 98-76')).toBe('919876');
    expect(lettersAndSpacesOnly('Anita K. 42')).toBe('Anita K ');
  });
});

describe('money rules', () => {
  it('adds GST at the rate', () => {
    expect(priceWithGst(1000, 18)).toBe(1180);
    expect(priceWithGst(200, 0)).toBe(200);
  });
  it('discount is market minus selling price', () => {
    expect(discountOf(2999, 1999)).toBe(1000);
    expect(discountOf(1000, 1500)).toBe(0);
  });
});

describe('image URLs', () => {
  it('are forced to https', () => {
    expect(httpsUrl('http://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(httpsUrl('//img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(httpsUrl('https://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(httpsUrl('/v2/images/product/1/front')).toBe('/v2/images/product/1/front');
  });
});

describe('card type', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['378282246310005', 'amex'],
    ['30569309025904', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6011111111111117', 'discover'],
    ['6759649826438453', 'maestro'],
    ['5018000000000009', 'maestro'],
    ['9999', null],
  ])('%s is %p', (number, type) => expect(cardType(number)).toBe(type));
});

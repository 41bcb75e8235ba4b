import { clipWords, fitSms, isGsm7, smsLength, toGsm7 } from './sms';

describe('SMS text in GSM-7', () => {
  it('keeps GSM-7 text as it is, accented letters GSM-7 has included', () => {
    expect(toGsm7('Order #1234: $1,499 for Renée, Müller à 10:00')).toBe('Order #1234: $1,499 for Renée, Müller à 10:00');
  });

  it('writes typographic marks and the rupee sign as their plain look-alikes', () => {
    expect(toGsm7('“Aviator” – Rahul’s pick… ₹1,499 × 2')).toBe('"Aviator" - Rahul\'s pick... Rs.1,499 x 2');
  });

  it('drops accents GSM-7 lacks, and what it cannot write at all (other scripts, emoji); one line, spaces collapsed', () => {
    expect(toGsm7('Façade  Café\u00a0Noir 😎\nRiyadh الرياض')).toBe('Facade Café Noir Riyadh');
  });

  it('counts the extension table’s characters twice', () => {
    expect(smsLength('abc')).toBe(3);
    expect(smsLength('€5 [x]')).toBe(9);
    expect(isGsm7('₹')).toBe(false);
    expect(isGsm7('Rs. 1,499 AED SAR $')).toBe(true);
  });

  it('shortens at a word and never cuts a number in half', () => {
    expect(clipWords('Vincent Chase Round 123456 Blue', 20)).toBe('Vincent Chase...');
    expect(clipWords('Short name', 20)).toBe('Short name');
    expect(clipWords('Supercalifragilisticexpialidocious', 10)).toBe('Superca...');
  });

  it('sends the first candidate that fits one segment', () => {
    const long = `Eyewear: ${'word '.repeat(40)}`;
    expect(fitSms([long, 'Eyewear: Order #1 placed.'])).toBe('Eyewear: Order #1 placed.');
    expect(fitSms(['Eyewear: Order #1 placed, total Rs. 1,499.'])).toBe('Eyewear: Order #1 placed, total Rs. 1,499.');
  });

  it('when even the last candidate is too long, drops whole words from its end', () => {
    const sms = fitSms([`Eyewear: Order #1 is on its way, tracking no. ${'1234567890 '.repeat(20)}`]);
    expect(smsLength(sms)).toBeLessThanOrEqual(160);
    expect(sms).toMatch(/ 1234567890\.\.\.$/);
  });
});

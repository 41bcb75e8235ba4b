import { COUNTRIES } from '../countries';
import { ADDRESS_RULES, addressPostcode, asksPostcode, asksState, postcodeMessage } from './address';
import { taxLineLabel } from './money';

// Issue 42: other countries read as India (Pincode and State in the UAE, '00000' accepted, "Tax (included) $0" in the US).
describe('address rules per country', () => {
  it('names the postcode and the state as each country does, and asks for them only where the country has them', () => {
    expect(ADDRESS_RULES.in).toMatchObject({ postcodeLabel: 'Pincode', stateLabel: 'State' });
    expect(ADDRESS_RULES.us).toMatchObject({ postcodeLabel: 'ZIP code', stateLabel: 'State' });
    expect(ADDRESS_RULES.ae.stateLabel).toBe('Emirate');
    expect(asksPostcode('ae')).toBe(false);
    expect(asksState('sg')).toBe(false);
    // The spec's country data (isPinCodeHide) is this rule, not a second table.
    for (const code of ['in', 'ae', 'sg', 'sa', 'us'] as const) expect(COUNTRIES[code].isPinCodeHide).toBe(!asksPostcode(code));
  });

  it('keeps a valid code where one is asked, drops any code where none is, refuses a wrong or missing one', () => {
    expect(addressPostcode('in', ' 560001 ')).toBe('560001');
    expect(addressPostcode('in', '060001')).toBeNull();
    expect(addressPostcode('in', '')).toBeNull();
    expect(addressPostcode('us', '10001-1234')).toBe('10001-1234');
    expect(addressPostcode('us', '1000')).toBeNull();
    expect(addressPostcode('sg', '049315')).toBe('049315');
    expect(addressPostcode('ae', '00000')).toBe('');
    expect(addressPostcode('ae', undefined)).toBe('');
    // Saudi Arabia's form hides it (the country data); a code sent is still checked.
    expect(addressPostcode('sa', '')).toBe('');
    expect(addressPostcode('sa', '12345')).toBe('12345');
    expect(addressPostcode('sa', '123456')).toBeNull();
    expect(postcodeMessage('us')).toBe('Please enter a valid ZIP code');
    expect(postcodeMessage('in')).toBe('Please enter a valid pincode');
  });

  it('says the tax included by its name and rate, and shows no tax line where prices include none', () => {
    expect(taxLineLabel('in', 152.54)).toBe('GST 18% (included)');
    expect(taxLineLabel('ae', 10)).toBe('VAT 5% (included)');
    expect(taxLineLabel('us', 0)).toBeNull();
  });
});

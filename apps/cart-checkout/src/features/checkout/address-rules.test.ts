import { messages } from '../../app/messages';
import { ADDRESS_DEFAULTS, savedToInput, toAddressInput, validateFields } from './address-rules';

const m = messages.defaults;
const fields = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  alternatePhone: '',
  gender: '',
  addressline1: '12 MG Road',
  addressline2: '',
  landmark: '',
  locality: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postcode: '560001',
  comment: '',
  floor: '0',
};

describe('checkout address rules', () => {
  it('uses the spec defaults: billing, floor 0, no lift', () => {
    expect(ADDRESS_DEFAULTS).toEqual({ addressType: 'billing', floor: 0, liftAvailable: false });
  });

  it('checks required fields, email, and phone and postcode per country', () => {
    expect(validateFields(fields, 'in', m)).toEqual({});
    expect(validateFields({ ...fields, firstName: ' ', email: 'x@y' }, 'in', m)).toEqual({ firstName: m.required, email: m.invalidEmail });
    expect(validateFields({ ...fields, phone: '5876543210' }, 'in', m)).toEqual({ phone: m.invalidPhone });
    expect(validateFields({ ...fields, phone: '81234567', postcode: '018956' }, 'sg', m)).toEqual({});
    expect(validateFields({ ...fields, phone: '2025550123', postcode: '560001' }, 'us', m)).toEqual({ postcode: 'Please enter a valid ZIP code' });
  });

  it('asks each country for what it has (issue 42): no postcode in the UAE (its 00000 never sent), no state in Singapore', () => {
    const ae = { ...fields, phone: '501234567', state: 'Dubai', postcode: '' };
    expect(validateFields(ae, 'ae', m)).toEqual({});
    expect(validateFields({ ...ae, state: '' }, 'ae', m)).toEqual({ state: m.required });
    expect(toAddressInput({ ...ae, postcode: '00000' }, 'ae', false)).toMatchObject({ postcode: '', state: 'Dubai', country: 'ae' });
    expect(validateFields({ ...fields, phone: '81234567', state: '', postcode: '018956' }, 'sg', m)).toEqual({});
    expect(validateFields({ ...fields, postcode: '' }, 'in', m)).toEqual({ postcode: m.required });
  });

  it('sends a saved address without the address book flags', () => {
    const saved = {
      ...ADDRESS_DEFAULTS,
      firstName: 'A',
      lastName: '',
      email: 'a@b.co',
      phone: '9876543210',
      addressline1: 'x',
      city: 'c',
      state: 's',
      postcode: '560001',
      country: 'in' as const,
      addressId: 4,
      defaultAddress: true,
    };
    expect(savedToInput(saved)).not.toHaveProperty('defaultAddress');
    expect(savedToInput(saved)).toMatchObject({ addressId: 4, city: 'c' });
  });
});

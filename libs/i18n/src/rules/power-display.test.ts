import { COLOUR_LATER, displayPowerValue, POWER_FIELDS, POWER_LATER, powerOwnerLabel } from './index';

describe('power display rules', () => {
  it('shows placeholders and empty values as a hyphen, anything else as given', () => {
    expect(displayPowerValue(POWER_LATER)).toBe('-');
    expect(displayPowerValue(COLOUR_LATER)).toBe('-');
    expect(displayPowerValue('Call Me/Email Me for Power')).toBe('-');
    expect(displayPowerValue(' Call Me/Email Me for Color ')).toBe('-');
    expect(displayPowerValue('')).toBe('-');
    expect(displayPowerValue('   ')).toBe('-');
    expect(displayPowerValue(undefined)).toBe('-');
    expect(displayPowerValue(null)).toBe('-');
    expect(displayPowerValue('-1.25')).toBe('-1.25');
    expect(displayPowerValue(0)).toBe('0');
    expect(displayPowerValue(2)).toBe('2');
  });

  it("labels 'user' (any case) or no name with the default, hides a name shown before", () => {
    expect(powerOwnerLabel('user', [], 'Your power')).toBe('Your power');
    expect(powerOwnerLabel('User', ['User'], 'Your power')).toBe('Your power');
    expect(powerOwnerLabel(undefined, [], 'Your power')).toBe('Your power');
    expect(powerOwnerLabel('  ', [], 'Your power')).toBe('Your power');
    expect(powerOwnerLabel('Ravi', ['Ravi'], 'Your power')).toBeNull();
    expect(powerOwnerLabel('Ravi', ['Asha'], 'Your power')).toBe('Ravi');
  });

  it('lists the eye parameters in display order', () => {
    expect(POWER_FIELDS).toEqual(['sph', 'cyl', 'axis', 'ap', 'pd', 'boxes']);
  });
});

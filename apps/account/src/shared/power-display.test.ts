import { displayPowerValue, displayUserName } from './power-display';

describe('power display rules', () => {
  it('shows placeholders and empty values as a hyphen', () => {
    expect(displayPowerValue('Call Me/Email Me for Power')).toBe('-');
    expect(displayPowerValue('Call Me/Email Me for Color')).toBe('-');
    expect(displayPowerValue('')).toBe('-');
    expect(displayPowerValue(undefined)).toBe('-');
    expect(displayPowerValue('-1.25')).toBe('-1.25');
    expect(displayPowerValue(2)).toBe('2');
  });

  it("replaces 'user' or a name already listed by the default label, or hides it", () => {
    expect(displayUserName('user', [], 'Your power')).toBe('Your power');
    expect(displayUserName('User', [], null)).toBeNull();
    expect(displayUserName('Ravi', ['Ravi'], 'Your power')).toBe('Your power');
    expect(displayUserName('Ravi', ['Asha'], 'Your power')).toBe('Ravi');
    expect(displayUserName(undefined, [], 'Your power')).toBe('Your power');
  });
});

import {
  AXIS_PATTERN,
  AXIS_VALUES,
  CONTACT_LENS_AXES,
  contactLensSpheres,
  DIOPTRE_PATTERN,
  formatPower,
  isValidPd,
  needsAddition,
  powerSteps,
  SPECTACLE_POWER_RANGES,
  spectaclePowerValues,
  type SpectaclePowerType,
} from './powers';

describe('power notation and steps', () => {
  it.each([
    [0, '0.00'],
    [0.25, '+0.25'],
    [-1.5, '-1.50'],
    [12, '+12.00'],
    [-20, '-20.00'],
  ])('writes %p as %s, which the contract accepts', (value, text) => {
    expect(formatPower(value)).toBe(text);
    expect(text).toMatch(DIOPTRE_PATTERN);
  });

  it('steps in quarters by default, both ends included', () => {
    expect(powerSteps(-0.5, 0.5)).toEqual(['-0.50', '-0.25', '0.00', '+0.25', '+0.50']);
    expect(powerSteps(0, 0)).toEqual(['0.00']);
    expect(powerSteps(-1, 1, 0.5)).toEqual(['-1.00', '-0.50', '0.00', '+0.50', '+1.00']);
  });

  it('axis is a whole degree from 0 to 180', () => {
    for (const ok of ['0', '9', '90', '179', '180']) expect(ok).toMatch(AXIS_PATTERN);
    for (const bad of ['181', '-1', '1.5', '200', '', '0900']) expect(bad).not.toMatch(AXIS_PATTERN);
    expect(AXIS_VALUES).toHaveLength(181);
    expect(AXIS_VALUES.every((v) => AXIS_PATTERN.test(v))).toBe(true);
  });

  it('pupillary distance is 25 to 40 mm per eye, one decimal at most', () => {
    for (const ok of ['25', '31.5', '40']) expect(isValidPd(ok)).toBe(true);
    for (const bad of ['24.9', '40.5', '31.55', '3', 'abc', '']) expect(isValidPd(bad)).toBe(false);
  });
});

// The lab's ranges per power type: [lowest, highest, count] of each parameter (quarter steps).
const SPECTACLES: [SpectaclePowerType, [string, string, number], [string, string, number] | null, [string, string, number] | null][] = [
  ['SINGLE_VISION', ['-20.00', '+12.00', 129], ['-6.00', '0.00', 25], null],
  ['BIFOCAL', ['-12.00', '+8.00', 81], ['-4.00', '0.00', 17], ['+0.75', '+3.50', 12]],
  ['PROGRESSIVE', ['-12.00', '+8.00', 81], ['-4.00', '0.00', 17], ['+0.75', '+3.50', 12]],
  ['SUNGLASSES', ['-8.00', '+6.00', 57], ['-4.00', '0.00', 17], null],
  ['ZERO_POWER', ['0.00', '0.00', 1], null, null],
];

describe.each(SPECTACLES)('%s lenses', (powerType, sph, cyl, ap) => {
  const values = spectaclePowerValues(powerType);
  const ends = (list: string[] | undefined) => (list ? [list[0], list[list.length - 1], list.length] : null);
  it('offer the lab range of sphere, cylinder (with the axis) and addition', () => {
    expect(ends(values.sph)).toEqual(sph);
    expect(ends(values.cyl)).toEqual(cyl);
    expect(values.axis ? values.axis.length : null).toBe(cyl ? 181 : null);
    expect(ends(values.ap)).toEqual(ap);
    expect(needsAddition(powerType)).toBe(ap !== null);
  });
  it('step by a quarter dioptre', () => {
    for (const list of [values.sph, values.cyl, values.ap]) {
      if (!list) continue;
      for (let i = 1; i < list.length; i++) expect(Number(list[i]) - Number(list[i - 1])).toBeCloseTo(0.25, 10);
    }
  });
});

describe('contact lens powers', () => {
  const spheres = contactLensSpheres();
  it('run from -12.00 to +8.00: quarter steps up to ±6.00, half steps beyond', () => {
    expect(spheres[0]).toBe('-12.00');
    expect(spheres[spheres.length - 1]).toBe('+8.00');
    expect(spheres).toContain('-6.00');
    expect(spheres).toContain('-5.75');
    expect(spheres).toContain('+5.75');
    expect(spheres).toContain('-6.50');
    expect(spheres).not.toContain('-6.25');
    expect(spheres).not.toContain('+7.75');
    expect(spheres).toHaveLength(65);
  });
  it('toric axes go in tens from 10 to 180', () => {
    expect(CONTACT_LENS_AXES[0]).toBe('10');
    expect(CONTACT_LENS_AXES[CONTACT_LENS_AXES.length - 1]).toBe('180');
    expect(CONTACT_LENS_AXES).toHaveLength(18);
  });
  it('need no addition', () => expect(needsAddition('CONTACT_LENS')).toBe(false));
  it('are not spectacle types', () => expect('CONTACT_LENS' in SPECTACLE_POWER_RANGES).toBe(false));
});

import {
  AXIS_PATTERN,
  AXIS_VALUES,
  CONTACT_LENS_AXES,
  contactLensSpheres,
  DIOPTRE_PATTERN,
  eyePowerProblems,
  formatPower,
  isValidPd,
  needsAddition,
  powerProblemText,
  powerSteps,
  prescriptionProblems,
  SPECTACLE_POWER_RANGES,
  spectaclePowerValues,
  type SpectaclePowerType,
} from './powers';
import { POWER_LATER } from './power-display';

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

describe('eye power problems: the one check of the forms and the API', () => {
  it('takes real lens powers: in range, in quarter steps, an axis with a cylinder', () => {
    expect(eyePowerProblems({ sph: '-1.25', cyl: '-0.75', axis: '90', pd: '31.5' }, 'SINGLE_VISION')).toEqual({});
    expect(eyePowerProblems({ sph: '-2.25' }, 'SINGLE_VISION')).toEqual({});
    expect(eyePowerProblems({ sph: '+2', ap: '+1.50' }, 'PROGRESSIVE')).toEqual({});
    expect(eyePowerProblems({ sph: '-7.50' }, 'CONTACT_LENS')).toEqual({});
    expect(eyePowerProblems({ sph: POWER_LATER, cyl: '', axis: '' }, 'SINGLE_VISION')).toEqual({});
    expect(eyePowerProblems({ sph: '-1.00', cyl: '0.00', boxes: 2 }, 'CONTACT_LENS')).toEqual({});
    expect(eyePowerProblems({}, 'BIFOCAL')).toEqual({});
  });

  it('says why a value is refused', () => {
    expect(eyePowerProblems({ sph: '0.3' }, 'SINGLE_VISION')).toEqual({ sph: { reason: 'step', step: '0.25' } });
    expect(eyePowerProblems({ sph: '+0.30' }, 'SINGLE_VISION')).toEqual({ sph: { reason: 'step', step: '0.25' } });
    expect(eyePowerProblems({ sph: '-1.3' }, 'SINGLE_VISION')).toEqual({ sph: { reason: 'step', step: '0.25' } });
    expect(eyePowerProblems({ sph: '-25' }, 'SINGLE_VISION')).toEqual({ sph: { reason: 'range', min: '-20.00', max: '+12.00' } });
    expect(eyePowerProblems({ sph: '-14' }, 'PROGRESSIVE')).toEqual({ sph: { reason: 'range', min: '-12.00', max: '+8.00' } });
    expect(eyePowerProblems({ sph: 'abc' }, 'SINGLE_VISION')).toEqual({ sph: { reason: 'notNumber' } });
    expect(eyePowerProblems({ cyl: '-1.00' }, 'SINGLE_VISION')).toEqual({ axis: { reason: 'axisNeeded' } });
    expect(eyePowerProblems({ cyl: '-1.10', axis: '90' }, 'SINGLE_VISION')).toEqual({ cyl: { reason: 'step', step: '0.25' } });
    expect(eyePowerProblems({ cyl: '+1.00', axis: '90' }, 'SINGLE_VISION')).toEqual({ cyl: { reason: 'range', min: '-6.00', max: '0.00' } });
    expect(eyePowerProblems({ cyl: '-1.00', axis: '200' }, 'SINGLE_VISION')).toEqual({ axis: { reason: 'axisRange' } });
    expect(eyePowerProblems({ axis: '90' }, 'SINGLE_VISION')).toEqual({ axis: { reason: 'axisWithoutCyl' } });
    expect(eyePowerProblems({ ap: '+1.00' }, 'SINGLE_VISION')).toEqual({ ap: { reason: 'noAddition' } });
    expect(eyePowerProblems({ ap: '+4.00' }, 'BIFOCAL')).toEqual({ ap: { reason: 'range', min: '+0.75', max: '+3.50' } });
    expect(eyePowerProblems({ sph: '-1.00' }, 'ZERO_POWER')).toEqual({ sph: { reason: 'zeroPower' } });
    expect(eyePowerProblems({ cyl: '-1.00', axis: '90' }, 'ZERO_POWER')).toEqual({ cyl: { reason: 'zeroPower' } });
    expect(eyePowerProblems({ pd: '45' }, 'SINGLE_VISION')).toEqual({ pd: { reason: 'pdRange', min: '25', max: '40' } });
  });

  it('follows how contact lenses are made: half steps beyond ±6, listed cylinders, axes in tens', () => {
    expect(eyePowerProblems({ sph: '-6.75' }, 'CONTACT_LENS')).toEqual({ sph: { reason: 'step', step: '0.50' } });
    expect(eyePowerProblems({ cyl: '-1.00', axis: '90' }, 'CONTACT_LENS')).toEqual({ cyl: { reason: 'list', values: '-0.75, -1.25, -1.75, -2.25' } });
    expect(eyePowerProblems({ cyl: '-1.25', axis: '95' }, 'CONTACT_LENS')).toEqual({ axis: { reason: 'axisSteps' } });
  });

  it('agrees with the values the API offers: every offered value passes, its neighbours off the step do not', () => {
    for (const [powerType] of SPECTACLES) {
      const values = spectaclePowerValues(powerType);
      for (const sph of values.sph) expect(eyePowerProblems({ sph }, powerType)).toEqual({});
      for (const cyl of values.cyl ?? []) if (Number(cyl) !== 0) expect(eyePowerProblems({ cyl, axis: '180' }, powerType)).toEqual({});
      for (const ap of values.ap ?? []) expect(eyePowerProblems({ ap }, powerType)).toEqual({});
    }
    for (const sph of contactLensSpheres()) expect(eyePowerProblems({ sph }, 'CONTACT_LENS')).toEqual({});
    expect(eyePowerProblems({ sph: '-6.25' }, 'CONTACT_LENS')).not.toEqual({});
  });

  it('keys both eyes by the API field names, each with a sentence for the API', () => {
    const problems = prescriptionProblems('SINGLE_VISION', { sph: '0.3' }, { sph: '-2.25', axis: '10' });
    expect(problems).toEqual({ 'right.sph': { reason: 'step', step: '0.25' }, 'left.axis': { reason: 'axisWithoutCyl' } });
    expect(powerProblemText(problems['right.sph']!)).toBe('Powers come in steps of 0.25');
    expect(powerProblemText({ reason: 'range', min: '-20.00', max: '+12.00' })).toBe('This lens is made from -20.00 to +12.00');
  });
});

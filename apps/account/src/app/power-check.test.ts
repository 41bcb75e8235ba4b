import { emptyEye, type Eye } from './eyes';
import { eyeProblems } from './power-check';

const eye = (values: Partial<Eye>): Eye => ({ ...emptyEye, ...values });

describe('power check', () => {
  it('takes real lens powers: in range, in quarter steps, an axis with a cylinder', () => {
    expect(eyeProblems(eye({ sph: '-1.25', cyl: '-0.75', axis: '90', pd: '31.5' }), 'SINGLE_VISION')).toEqual({});
    expect(eyeProblems(eye({ sph: '+2', ap: '+1.50' }), 'PROGRESSIVE')).toEqual({});
    expect(eyeProblems(eye({ sph: '-7.50' }), 'CONTACT_LENS')).toEqual({});
  });

  it('says why a value is refused', () => {
    expect(eyeProblems(eye({ sph: '-1.3' }), 'SINGLE_VISION')).toEqual({ sph: { reason: 'step', step: '0.25' } });
    expect(eyeProblems(eye({ sph: '-25' }), 'SINGLE_VISION')).toEqual({ sph: { reason: 'range', min: '-20.00', max: '+12.00' } });
    expect(eyeProblems(eye({ sph: '-14' }), 'PROGRESSIVE')).toEqual({ sph: { reason: 'range', min: '-12.00', max: '+8.00' } });
    expect(eyeProblems(eye({ sph: 'abc' }), 'SINGLE_VISION')).toEqual({ sph: { reason: 'notNumber' } });
    expect(eyeProblems(eye({ cyl: '-1.00' }), 'SINGLE_VISION')).toEqual({ axis: { reason: 'axisNeeded' } });
    expect(eyeProblems(eye({ cyl: '-1.00', axis: '200' }), 'SINGLE_VISION')).toEqual({ axis: { reason: 'axisRange' } });
    expect(eyeProblems(eye({ axis: '90' }), 'SINGLE_VISION')).toEqual({ axis: { reason: 'axisWithoutCyl' } });
    expect(eyeProblems(eye({ ap: '+1.00' }), 'SINGLE_VISION')).toEqual({ ap: { reason: 'noAddition' } });
    expect(eyeProblems(eye({ ap: '+4.00' }), 'BIFOCAL')).toEqual({ ap: { reason: 'range', min: '+0.75', max: '+3.50' } });
    expect(eyeProblems(eye({ sph: '-1.00' }), 'ZERO_POWER')).toEqual({ sph: { reason: 'zeroPower' } });
    expect(eyeProblems(eye({ pd: '45' }), 'SINGLE_VISION')).toEqual({ pd: { reason: 'pdRange', min: '25', max: '40' } });
  });

  it('follows how contact lenses are made: half steps beyond ±6, listed cylinders, axes in tens', () => {
    expect(eyeProblems(eye({ sph: '-6.75' }), 'CONTACT_LENS')).toEqual({ sph: { reason: 'step', step: '0.50' } });
    expect(eyeProblems(eye({ cyl: '-1.00', axis: '90' }), 'CONTACT_LENS')).toEqual({ cyl: { reason: 'list', values: '-0.75, -1.25, -1.75, -2.25' } });
    expect(eyeProblems(eye({ cyl: '-1.25', axis: '95' }), 'CONTACT_LENS')).toEqual({ axis: { reason: 'axisSteps' } });
  });
});

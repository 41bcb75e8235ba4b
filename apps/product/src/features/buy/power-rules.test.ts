import { POWER_LATER } from '@eyewear/i18n/rules';
import { checkPowers, cleanEye, withPower } from './power-rules';

describe('power form checks', () => {
  it('asks for SPH, an axis with a CYL, a CYL with an axis, ADD for progressive, PD 25-40', () => {
    expect(checkPowers('SINGLE_VISION', { right: {}, left: { sph: '-1.00', cyl: '-0.50' } })).toEqual({
      right: { sph: 'sphRequired' },
      left: { axis: 'axisRequired' },
    });
    expect(checkPowers('SINGLE_VISION', { right: { sph: '0.00', axis: '90' }, left: { sph: '0.00', axis: '200', cyl: '-1.00' } })).toEqual({
      right: { cyl: 'cylRequired' },
      left: { axis: 'axisRange' },
    });
    expect(checkPowers('PROGRESSIVE', { right: { sph: '+1.00', ap: '+2.00', pd: '31.5' }, left: { sph: '+1.00', pd: '45' } })).toEqual({
      left: { ap: 'apRequired', pd: 'pdRange' },
    });
    expect(checkPowers('SINGLE_VISION', { right: { sph: POWER_LATER }, left: { sph: '-1.00', cyl: '-0.50', axis: '180' } })).toEqual({});
  });

  it('checks only the contact-lens eyes with boxes', () => {
    expect(checkPowers('CONTACT_LENS', { right: { boxes: 0 }, left: { sph: '-1.00', boxes: 2 } })).toEqual({});
    expect(checkPowers('CONTACT_LENS', { right: { boxes: 1 }, left: { boxes: 0 } })).toEqual({ right: { sph: 'sphRequired' } });
  });

  it('sends only the fields with a value', () => {
    expect(cleanEye({ sph: '-1.00', cyl: '', axis: '', pd: undefined, boxes: 2 })).toEqual({ sph: '-1.00', boxes: 2 });
  });

  it('changes one field of one eye', () => {
    const powers = { right: { sph: '-1.00' }, left: { sph: '-2.00' } };
    expect(withPower(powers, 'left', 'cyl', '-0.50')).toEqual({ right: { sph: '-1.00' }, left: { sph: '-2.00', cyl: '-0.50' } });
    expect(powers.left).toEqual({ sph: '-2.00' });
  });
});

import { POWER_LATER } from '@eyewear/i18n/rules';
import { pageMessages } from '../../app/page-messages';
import { swipeDirection } from '../product/Gallery';
import { checkPowers, cleanEye } from './power-rules';

const m = pageMessages.defaults;

describe('power form checks', () => {
  it('asks for SPH, an axis with a CYL, a CYL with an axis, ADD for progressive, PD 25-40', () => {
    expect(checkPowers('SINGLE_VISION', { right: {}, left: { sph: '-1.00', cyl: '-0.50' } }, m)).toEqual({
      right: { sph: m.sphRequired },
      left: { axis: m.axisRequired },
    });
    expect(checkPowers('SINGLE_VISION', { right: { sph: '0.00', axis: '90' }, left: { sph: '0.00', axis: '200', cyl: '-1.00' } }, m)).toEqual({
      right: { cyl: m.cylRequired },
      left: { axis: m.axisRange },
    });
    expect(checkPowers('PROGRESSIVE', { right: { sph: '+1.00', ap: '+2.00', pd: '31.5' }, left: { sph: '+1.00', pd: '45' } }, m)).toEqual({
      left: { ap: m.apRequired, pd: m.pdRange },
    });
    expect(checkPowers('SINGLE_VISION', { right: { sph: POWER_LATER }, left: { sph: '-1.00', cyl: '-0.50', axis: '180' } }, m)).toEqual({});
  });

  it('checks only the contact-lens eyes with boxes', () => {
    expect(checkPowers('CONTACT_LENS', { right: { boxes: 0 }, left: { sph: '-1.00', boxes: 2 } }, m)).toEqual({});
    expect(checkPowers('CONTACT_LENS', { right: { boxes: 1 }, left: { boxes: 0 } }, m)).toEqual({ right: { sph: m.sphRequired } });
  });

  it('sends only the fields with a value', () => {
    expect(cleanEye({ sph: '-1.00', cyl: '', axis: '', pd: undefined, boxes: 2 })).toEqual({ sph: '-1.00', boxes: 2 });
  });
});

describe('gallery swipe (shopping §4 Swipe)', () => {
  it('counts a quick swipe over 20 px or a long one over half the width, mostly horizontal; left is next', () => {
    expect(swipeDirection(-30, 5, 200, 600)).toBe('next');
    expect(swipeDirection(30, 5, 200, 600)).toBe('previous');
    expect(swipeDirection(-30, 5, 400, 600)).toBeNull();
    expect(swipeDirection(-310, 20, 900, 600)).toBe('next');
    expect(swipeDirection(-15, 2, 100, 600)).toBeNull();
    expect(swipeDirection(-30, 60, 100, 600)).toBeNull();
  });
});

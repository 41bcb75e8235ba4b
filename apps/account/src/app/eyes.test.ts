import { eyeInput } from './eyes';

it('signs and formats dioptres the way the selectors write them', () => {
  expect(eyeInput({ sph: '-1', cyl: '0.5', axis: '90', ap: '2', pd: '' })).toEqual({ sph: '-1.00', cyl: '+0.50', axis: '90', ap: '+2.00' });
});

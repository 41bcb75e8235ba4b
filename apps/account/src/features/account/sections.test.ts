import { sectionOf } from './sections';

it.each([
  ['account/', 'orders'],
  ['', 'orders'],
  ['prescriptions/', 'prescriptions'],
  ['account/storecredit/', 'storecredit'],
  ['ditto-profile/', 'faceProfiles'],
  ['account/edit/', 'edit'],
  ['account/address/', 'addresses'],
  ['something/else', 'unknown'],
])('/customer/%s shows %s', (rest, section) => {
  expect(sectionOf(rest)).toBe(section);
});

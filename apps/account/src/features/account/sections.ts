/** Which part of the account a /customer/* path shows (the route gives everything after /customer/). */
export type Section = 'orders' | 'prescriptions' | 'storecredit' | 'faceProfiles' | 'edit' | 'addresses' | 'unknown';

export function sectionOf(rest: string): Section {
  const path = rest.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (path === '' || path === 'account' || path === 'account/index') return 'orders';
  if (path.startsWith('prescriptions')) return 'prescriptions';
  if (path.startsWith('account/storecredit')) return 'storecredit';
  if (path.startsWith('ditto-profile')) return 'faceProfiles';
  if (path.startsWith('account/edit')) return 'edit';
  if (path.startsWith('account/address')) return 'addresses';
  return 'unknown';
}

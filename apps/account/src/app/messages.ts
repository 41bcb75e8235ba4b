import { defineMessages } from '@eyewear/i18n';

/** Page titles: what each exposed page shows before its body's chunk arrives. */
export const messages = defineMessages({
  siteName: 'Eyewear',
  accountPageTitle: 'My account',
  ordersTitle: 'My orders',
  prescriptionsTitle: 'Prescriptions',
  storeCreditTitle: 'Store credit',
  faceProfilesTitle: 'Face profiles',
  editTitle: 'Edit account',
  addressesTitle: 'Addresses',
  passwordPageTitle: 'Password',
  resetTitle: 'Reset your password',
  forgotTitle: 'Forgot your password',
  socialLinkTitle: 'Sign in with your social account',
  returnStepPageTitle: 'Return or exchange',
  returnStepPageDetail: 'Order {value}',
  orderDetailPageTitle: 'Order details',
  orderDetailPageDetail: 'Order {value}',
  returnDetailsPageTitle: 'Return details',
  returnDetailsPageDetail: 'Return {value}',
  returnProductsPageTitle: 'Choose products to return',
  returnProductsPageDetail: 'Order {value}',
  ordersPageTitle: 'My orders',
  lensPackageUpgradePageTitle: 'Upgrade your lenses',
  lensPackageUpgradePageDetail: 'Order {value}',
  loading: 'Loading',
});

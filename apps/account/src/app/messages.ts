import { defineMessages } from '@eyewear/i18n';

/** Every string the account remote shows. */
export const messages = defineMessages({
  siteName: "Eyewear",
  accountPageTitle: "My account",
  accountPageDetail: "Section: {value}",
  passwordPageTitle: "Password",
  passwordPageDetail: "Mode: {value}",
  returnStepPageTitle: "Return or exchange",
  returnStepPageDetail: "Order {value}",
  orderDetailPageTitle: "Order details",
  orderDetailPageDetail: "Order {value}",
  returnDetailsPageTitle: "Return details",
  returnDetailsPageDetail: "Return {value}",
  returnProductsPageTitle: "Choose products to return",
  returnProductsPageDetail: "Order {value}",
  ordersPageTitle: "My orders",
  lensPackageUpgradePageTitle: "Upgrade your lenses",
  lensPackageUpgradePageDetail: "Order {value}"
});

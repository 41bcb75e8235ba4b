import { defineMessages } from '@eyewear/i18n';

/** Every string the product remote shows. */
export const messages = defineMessages({
  siteName: "Eyewear",
  productPageTitle: "Product",
  productPageDetail: "Product {value}",
  compareLooksPageTitle: "Compare looks",
  frameSizePageTitle: "Find your frame size",
  editPowerPageTitle: "Edit power"
});

import { defineMessages } from '@eyewear/i18n';

/** The strings the product remote's exposed pages show before their lazy parts load. */
export const messages = defineMessages({
  siteName: 'Eyewear',
  productPageTitle: 'Product',
  productNotFound: 'Product not found',
  loadingProduct: 'Loading product',
  compareLooksPageTitle: 'Compare looks',
  frameSizePageTitle: 'Find your frame size',
  editPowerPageTitle: 'Edit power',
  loading: 'Loading',
});

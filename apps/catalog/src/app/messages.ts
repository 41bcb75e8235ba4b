import { defineMessages } from '@eyewear/i18n';

/** Every string the catalog remote shows. */
export const messages = defineMessages({
  siteName: "Eyewear",
  homePageTitle: "Eyeglasses, sunglasses and contact lenses",
  homePageDetail: "Promotion: {value}",
  contentPageTitle: "Collection",
  contentPageDetail: "Collection page: {value}",
  listingPageTitle: "Browse frames",
  listingPageDetail: "Category {value}",
  searchPageTitle: "Search results",
  searchPageDetail: "Results for \"{value}\"",
  cmsPageTitle: "Information",
  cmsPageDetail: "Page: {value}",
  quizPageTitle: "Find your perfect frame"
});

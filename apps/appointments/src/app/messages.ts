import { defineMessages } from '@eyewear/i18n';

/** Every string the appointments remote shows. */
export const messages = defineMessages({
  siteName: "Eyewear",
  htoPageTitle: "Home eye test and try-on",
  htoSosPageTitle: "Home eye test: urgent help",
  testYourVisionPageTitle: "Test your vision"
});

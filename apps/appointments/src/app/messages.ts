import { defineMessages } from '@eyewear/i18n';

/** The strings the exposed pages show themselves (the flows' strings load with them: flow-messages.ts). */
export const messages = defineMessages({
  siteName: 'Eyewear',
  htoPageTitle: 'Home eye test and try-on',
  htoSosPageTitle: 'Home eye test: urgent help',
  testYourVisionPageTitle: 'Test your vision',
  studioTitle: 'Book your studio visit',
});

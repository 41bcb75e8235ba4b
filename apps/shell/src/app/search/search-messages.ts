import { defineMessages } from '@eyewear/i18n';

/** Strings of the search typeahead's model suggestions (the rest are in ../messages). */
export const searchMessages = defineMessages({
  /** A model in several colours: the colour its suggestion shows, then the others. */
  modelColours: '{colour}, also in {others}',
});

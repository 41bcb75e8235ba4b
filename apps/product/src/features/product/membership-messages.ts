import { defineMessages } from '@eyewear/i18n';

/** The gold membership's page (the LOYALTY_CONFIG product, shopping §1, §3): what it gives and how to join. */
export const membershipMessages = defineMessages({
  goldTitle: 'What Gold gives you',
  goldSaving: '{percent}% off {what} from {brands}',
  goldWhat_eyeframe: 'eyeglass frames',
  goldWhat_sunglasses: 'sunglasses',
  goldWhatOther: 'products',
  goldAnd: ' and ',
  goldDuration: 'Membership for {days} days',
  goldHow: 'Add it to your cart: its savings apply to the frames of that order, then to every order while it lasts.',
  goldEnds: 'Joined today, it runs until {date}.',
  goldMember: 'You are a Gold member: your savings apply to every order.',
  joinGold: 'Join Gold: add to cart',
});

import { defineMessages } from '@eyewear/i18n';

/**
 * The address book's fields beyond the delivery ones: the gender and comment of account §3
 * Address (issue 42: the form had neither). A module of the address form's own, so the account's
 * first chunk carries none of it.
 */
export const addressMessages = defineMessages({
  gender: 'Gender (optional)',
  genderNone: 'Prefer not to say',
  gender_male: 'Male',
  gender_female: 'Female',
  gender_other: 'Other',
  comment: 'Delivery instructions (optional)',
  commentHint: 'For the courier, such as a gate code or when to call. Up to {max} characters.',
  commentLine: 'Note: {comment}',
});

import { defineMessages } from '@eyewear/i18n';

/**
 * The frame size page's strings. A module of their own: the product page's first load
 * carries only its own strings (issue 19: first-load JS).
 */
export const frameSizeMessages = defineMessages({
  frameSizeIntro:
    'Take or upload a photo of your face, looking straight at the camera, filling the oval. We measure your face width and recommend a frame size.',
  photo: 'Upload or take a face photo',
  measuring: 'Measuring your face',
  yourSize: 'Your frame size: {size}',
  faceWidth: 'Face width about {mm} mm',
  shopSize: 'Shop {size} frames',
  storeCode: 'Store {code}',
});

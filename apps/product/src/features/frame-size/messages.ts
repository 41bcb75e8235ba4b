import { defineMessages } from '@eyewear/i18n';

/**
 * The frame size page's strings. A module of their own: the product page's first load
 * carries only its own strings (issue 19: first-load JS).
 */
export const frameSizeMessages = defineMessages({
  frameSizeIntro:
    'Take or upload a photo of your face, looking straight at the camera in good light, your whole face in the picture. We find your face in the photo on this device and measure its width to recommend a frame size.',
  consentTitle: 'Before we look at your photo',
  consent:
    'Your photo is analysed on this device: we find your eyes, irises, cheekbones and nose in it and measure the width of your face. The photo never leaves this device for a size: only those points are sent to work out your size, and we keep nothing but the measure (your size and your face width in millimetres).',
  agree: 'I agree to have my photo analysed on this device',
  agreeFirst: 'Tick the box above first to choose a photo.',
  photo: 'Upload or take a face photo',
  findingFace: 'Finding your face...',
  measuring: 'Measuring your face...',
  modelFailed:
    'We could not start the face finder on this device, so we cannot measure your face here. Try again on another device or with an up-to-date browser, or use our frame-size guide: visit one of our stores and we will measure your frame size with you.',
  yourSize: 'Your frame size: {size}',
  faceWidth: 'Your face measures {mm} mm across, cheekbone to cheekbone.',
  alsoFits: 'You are near the limit of the next size: {size} frames fit you too.',
  byIris: 'Measured with your iris as the ruler (about 11.7 mm across in adults).',
  byPupilDistance:
    'Measured with the average distance between the pupils (63 mm) as the ruler: your irises were not sharp enough to use. A sharper photo in good light measures more exactly.',
  shopSize: 'Shop {size} frames',
  shopSizes: 'Shop {size} and {also} frames',
  storeCode: 'Store {code}',
});

import { defineMessages } from '@eyewear/i18n';

/** The face profiles' words about the face found in a photo (issue 43): consent, what is kept, the try-on's placement. */
export const faceMessages = defineMessages({
  consentTitle: 'Your photo and your privacy',
  consentText:
    'To place frames on your face, this device looks for your eyes, cheekbones and nose in the photo: the photo is analysed here, in your browser. ' +
    'When you save the profile we keep the photo and those points with it, until you delete the profile; nothing is kept if you do not save. ' +
    'Deleting a profile deletes its photo and its points.',
  consent: 'I agree that my photo is analysed to place frames on my face',
  consentMissing: 'Please agree to the analysis of your photo, or choose not to create a profile',
  finding: 'Looking for your face in the photo…',
  unavailable:
    'We could not analyse the photo on this device (the face finder did not load). You can save the profile anyway: frames will then be placed approximately, not on your eyes.',
  saveWithout: 'Save without fitting to my face',
  approximate: 'Frames are placed approximately on this photo (it was saved before we could find the face in it).',
});

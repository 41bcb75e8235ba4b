import { defineMessages } from '@eyewear/i18n';

/** The live try-on's strings: loaded with the try-on dialog, never with the page (issue 43). */
export const liveMessages = defineMessages({
  liveMode: 'Try on live',
  photoMode: 'Use my saved photo',
  consentTitle: 'Try frames on with your camera',
  consent:
    'The camera picture stays on this device: your browser finds your eyes and draws the frame on them here. Nothing from live mode is sent or kept. Only a picture you choose to save goes to the store, as a face profile photo you can delete at any time.',
  startCamera: 'Start camera',
  starting: 'Starting the camera and the face finder',
  stopCamera: 'Stop camera',
  live: 'The frame on your face, live from your camera',
  findingFace: 'Looking for your face',
  noCamera: 'There is no camera we can use here. You can try frames on your saved face profile photo instead.',
  refused: 'The camera was not allowed. You can try frames on your saved face profile photo instead.',
  modelFailed: 'The face finder could not start on this device. You can try frames on your saved face profile photo instead.',
  colours: 'Colours',
  colour: 'Show {colour}',
  capture: 'Take a picture',
  captured: 'Your picture with the frame',
  retake: 'Back to live',
  profileName: 'Your first name',
  save: 'Save as a face profile',
  saving: 'Saving your face profile',
  saved: 'Saved. Your face profile "{name}" is ready for try-on.',
  notFaceForSave: 'We need your face in the picture to save it. Take another picture.',
});

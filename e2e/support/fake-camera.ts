// The fake camera's clip of a real face (issue 43): made by the tools' bench module, which the
// bench's try-on step uses too (tools/bench/fake-camera.mjs).
export { CLIP, CLIP_PUPILS, faceFrame, fakeCameraArgs, writeFaceClip } from '@eyewear/tools/bench/fake-camera';

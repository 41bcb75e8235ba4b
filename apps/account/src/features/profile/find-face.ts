import { type FaceOnPhoto } from '@eyewear/api-client';
import { type FaceDetector } from '@eyewear/face';
import { loadFaceDetector } from '@eyewear/face/browser';
import { faceProblems } from '@eyewear/face/problems';

/**
 * What the face finder made of a photo a face profile is saved from (issue 43): the landmarks and
 * the photo's size, sent with the profile; a problem with what the shopper reads ("We could not see
 * your face clearly. ..." and what to do); or no finder on this device (the model did not load).
 */
export type FaceFinding = { status: 'found'; face: FaceOnPhoto } | { status: 'problem'; message: string } | { status: 'unavailable' };

export interface FaceFinderDeps {
  detector: Pick<FaceDetector, 'detectFace'>;
  /** The photo decoded, as the detector takes it, with its size in pixels. */
  loadImage(file: Blob): Promise<{ image: HTMLImageElement; width: number; height: number }>;
}

/** The file as an <img> (a data URL: the site's CSP allows data: images, not blob: ones). */
export async function imageOfFile(file: Blob): Promise<{ image: HTMLImageElement; width: number; height: number }> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
  const image = new Image();
  image.src = url;
  await image.decode();
  return { image, width: image.naturalWidth, height: image.naturalHeight };
}

/**
 * Finds the face in the photo, in the browser (the model from our origin, @eyewear/face/browser;
 * loaded on the first call, so only a shopper who saves a profile downloads it). A photo that
 * cannot be decoded is a photo without a face to us; a model that cannot start is `unavailable`.
 */
export async function findFace(file: Blob, deps: Partial<FaceFinderDeps> = {}): Promise<FaceFinding> {
  const loadImage = deps.loadImage ?? imageOfFile;
  let decoded: Awaited<ReturnType<FaceFinderDeps['loadImage']>>;
  try {
    decoded = await loadImage(file);
  } catch {
    const [notFound] = faceProblems(null, { width: 1, height: 1 });
    return { status: 'problem', message: notFound!.message };
  }
  let landmarks;
  try {
    landmarks = await (deps.detector ?? loadFaceDetector()).detectFace(decoded.image);
  } catch {
    return { status: 'unavailable' };
  }
  const imageSize = { width: decoded.width, height: decoded.height };
  const [problem] = faceProblems(landmarks, imageSize);
  if (problem || !landmarks) return { status: 'problem', message: problem!.message };
  return { status: 'found', face: { landmarks, imageSize } };
}

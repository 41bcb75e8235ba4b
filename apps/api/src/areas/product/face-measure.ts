import { FRAME_SIZE_IDS, type FaceLooks, type FrameSizeResult } from '@eyewear/api-client';
import { distance, measureFrameSize, millimetreScale } from '@eyewear/face/geometry';
import { faceProblems, type FaceProblem } from '@eyewear/face/problems';
import { HttpError } from '../../http/errors';

/** The error code a face problem answers with: FACE_NOT_FOUND, FACE_TOO_SMALL, FACE_TURNED. */
export const faceProblemCode = (problem: FaceProblem) => `FACE_${problem.code.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** 422 with what the shopper reads ("We could not see your face clearly. ..." and what to do), the field `face`. */
export const faceProblemError = (problem: FaceProblem) => new HttpError(422, problem.message, 'face', faceProblemCode(problem));

/**
 * The frame size from the face's landmarks (issue 43), found in the browser on several looks at
 * one face (camera frames, or a photo and its mirror image): no photo reaches the API. Every look
 * must be measurable (@eyewear/face faceProblems with `measuring`: a face, large enough, not
 * turned), else the first problem is the answer. Then @eyewear/face measureFrameSize: the width
 * cheekbone to cheekbone (median of the looks) with the iris (11.7 mm) as the ruler where it can
 * be trusted, else the mean pupil distance (63 mm); the spec's size classes, and `alsoFits` near a
 * class limit. The pupil distance is answered only when the iris measured it.
 */
export function frameSizeFromLandmarks({ looks, imageSize }: FaceLooks): FrameSizeResult & { faceWidthMm: number; by: 'iris' | 'pupilDistance' } {
  for (const look of looks) {
    const [problem] = faceProblems(look, imageSize, { measuring: true });
    if (problem) throw faceProblemError(problem);
  }
  const [first, ...rest] = looks as [FaceLooks['looks'][number], ...FaceLooks['looks']];
  const measure = measureFrameSize(first, ...rest);
  const byIris = looks.map((look) => ({ look, scale: millimetreScale(look) })).filter(({ scale }) => scale.by === 'iris');
  const pds = byIris.map(({ look, scale }) => distance(look.pupils[0], look.pupils[1]) * scale.mmPerPx).sort((a, b) => a - b);
  const pd = measure.by === 'iris' && pds.length > 0 ? Math.round(pds[pds.length >> 1]! * 10) / 10 : undefined;
  return {
    frameSize: measure.frameSize,
    frameSizeId: FRAME_SIZE_IDS[measure.frameSize],
    faceWidthMm: measure.faceWidthMm,
    ...(measure.alsoFits ? { alsoFits: measure.alsoFits } : {}),
    ...(pd ? { pd } : {}),
    by: measure.by,
  };
}

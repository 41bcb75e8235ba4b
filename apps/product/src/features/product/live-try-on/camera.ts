// The front camera for the live try-on (issue 43): asked for on the shopper's click only, after the
// consent text; every track stopped when the shopper stops, closes, or leaves.

export type CameraRefusal = 'noCamera' | 'refused';

/** Why the camera cannot be used: none here (or not allowed by the page), or the shopper said no. */
export class CameraError extends Error {
  override name = 'CameraError';
  constructor(
    readonly reason: CameraRefusal,
    cause?: unknown,
  ) {
    super(reason === 'refused' ? 'The camera was not allowed' : 'No camera', { cause });
  }
}

/** The front camera's stream, at a phone's usual preview size; a CameraError when there is none or it is refused. */
export async function startFrontCamera(media: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices): Promise<MediaStream> {
  if (!media?.getUserMedia) throw new CameraError('noCamera');
  try {
    return await media.getUserMedia({ audio: false, video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    // NotAllowedError: the shopper (or the browser's settings) said no; SecurityError: the page may not.
    throw new CameraError(name === 'NotAllowedError' || name === 'PermissionDeniedError' ? 'refused' : 'noCamera', error);
  }
}

/** Stops every track of a stream: the camera's light goes off. */
export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The file as a data URL: the site's CSP allows data: images, not blob: ones. */
export function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** A phone's photo is drawn at most this many pixels on its longer side: the model sees a face at far fewer, and a 12-megapixel picture would only be slower. */
export const MAX_SIDE_PX = 1600;

export interface PhotoLooks {
  /** The size of both pictures, pixels: the landmarks found in them refer to it. */
  imageSize: { width: number; height: number };
  /** The photo, then its mirror image (left and right swapped): two looks at one face for the measure. */
  pictures: [HTMLCanvasElement, HTMLCanvasElement];
}

/** The photo (a data URL) drawn on a canvas as it is and mirrored, at most MAX_SIDE_PX on its longer side. Nothing leaves the page. */
export async function photoLooks(dataUrl: string): Promise<PhotoLooks> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(image.naturalWidth, image.naturalHeight));
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const draw = (mirrored: boolean) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    if (mirrored) context.setTransform(-1, 0, 0, 1, width, 0);
    context.drawImage(image, 0, 0, width, height);
    return canvas;
  };
  return { imageSize: { width, height }, pictures: [draw(false), draw(true)] };
}

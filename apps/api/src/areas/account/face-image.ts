/** account §9 "Face image 300x240": the size a face profile's photo is shown at, the try-on's too. */
export const FACE_IMAGE = { width: 300, height: 240 } as const;

/** The CSP of an SVG face image opened on its own: it draws its embedded pictures and runs nothing. */
export const FACE_IMAGE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/**
 * A face photo as a 300x240 image (issue 42: the frontal image was the upload as it came, of any
 * size): one SVG whose photo fills the frame (centred, cropped to it), with `over` drawn on top
 * (the try-on's frame). The photo is embedded as data, so the image loads nothing else and can
 * be shown as an <img>.
 */
export function faceImageSvg(photo: { contentType: string; data: Buffer }, over = ''): string {
  const { width, height } = FACE_IMAGE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image href="data:${photo.contentType};base64,${photo.data.toString('base64')}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>` +
    over +
    '</svg>'
  );
}

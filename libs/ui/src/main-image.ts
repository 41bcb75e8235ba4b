/** The Element Timing name of a page's main image (the edge's starter looks for it). */
export const MAIN_IMAGE_TIMING = 'main-image';

/** The id of a page's main image: a server-rendered page's first paint waits for it (below). */
export const MAIN_IMAGE_ID = 'main-image';

/**
 * The attributes of a page's main image, its largest paint (the home page's first banner, a
 * listing's banner or first product, a product's photo): loaded at once and asked for before the
 * page's other images, and its paint reported to the page (Element Timing). A server-rendered
 * page starts its scripts once that paint is reported (apps/shell/src/document/starter.ts, startAfterPaint),
 * and holds its first paint until the browser has read the image's element (`<link rel="expect">`
 * to its id): the image is then in that paint, not one a moment later (docs/adr/038). One image
 * per page carries it.
 */
export const MAIN_IMAGE = { id: MAIN_IMAGE_ID, loading: 'eager', fetchPriority: 'high', elementtiming: MAIN_IMAGE_TIMING } as const;

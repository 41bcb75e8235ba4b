import { route } from '../route';

/**
 * The shopper's own latest frame size measured from the face (issue 43): the listing's size filter
 * and the product page's "fits you" read it. Declared once here, in a module of its own, so the
 * catalogue's routes take it without the product's (a remote bundles the route objects it imports).
 */
export const measuredFrameSize = route('faceProfiles.measuredFrameSize', 'GET', '/v2/frame-size/latest');

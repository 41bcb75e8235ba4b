/** Seed products the tests rely on (ids are stable: the seed is deterministic). */
export const EYEFRAME = 128001; // full-rim, extra wide, in stock
export const SUNGLASSES = 128161;
export const CONTACT_LENS = 128392; // daily, 30 a box, spherical
export const GOLD = 128269;
export const OUT_OF_STOCK = 128022;

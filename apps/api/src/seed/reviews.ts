import type { Line, ProductDraft } from './draft';
import { REVIEW_AUTHORS, REVIEW_BODIES, REVIEW_TITLES } from './names';
import type { Rng } from './random';
import type { SeedReview } from './types';

type Stars = 1 | 2 | 3 | 4 | 5;

/** Share of products in each line that have reviews; consumables get reviewed less. */
const REVIEWED_SHARE: Readonly<Record<Line, number>> = {
  eyeglasses: 0.5,
  sunglasses: 0.45,
  'premium-eyeglasses': 0.4,
  'premium-sunglasses': 0.4,
  kids: 0.4,
  'contact-lenses': 0.5,
  solutions: 0.3,
  accessories: 0.3,
  membership: 0,
};

const STARS: readonly Stars[] = [1, 2, 3, 4, 5];
// Store reviews skew positive; a flat distribution would make every product look mediocre.
const STAR_WEIGHTS = [4, 5, 10, 35, 46];

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 0, 1);
/** Up to 31 Oct 2026, so no review is dated in the future of the data set. */
const DAY_SPAN = Math.round((Date.UTC(2026, 9, 31) - FIRST_DAY) / DAY_MS);

function bodyKind(line: Line): keyof typeof REVIEW_BODIES {
  if (line === 'contact-lenses') return 'lens';
  if (line === 'solutions' || line === 'accessories' || line === 'membership') return 'other';
  return 'frame';
}

/** Writes reviews and sets rating and reviewCount on the reviewed products to match them. */
export function generateReviews(rng: Rng, drafts: readonly ProductDraft[]): SeedReview[] {
  const reviewRng = rng.fork('reviews');
  const reviews: SeedReview[] = [];
  for (const draft of drafts) {
    if (!reviewRng.chance(REVIEWED_SHARE[draft.line])) continue;
    const count = reviewRng.int(3, 8);
    const authors = reviewRng.shuffle(REVIEW_AUTHORS);
    let total = 0;
    for (let i = 0; i < count; i += 1) {
      const rating = reviewRng.weighted(STARS, STAR_WEIGHTS);
      const at = FIRST_DAY + reviewRng.int(0, DAY_SPAN) * DAY_MS + reviewRng.int(8, 21) * 3_600_000 + reviewRng.int(0, 59) * 60_000;
      reviews.push({
        id: reviews.length + 1,
        productId: draft.product.id,
        author: authors[i % authors.length] ?? 'Verified buyer',
        rating,
        title: reviewRng.pick(REVIEW_TITLES[rating]),
        body: reviewRng.pick(REVIEW_BODIES[bodyKind(draft.line)][rating]),
        createdAt: new Date(at).toISOString(),
      });
      total += rating;
    }
    draft.product.reviewCount = count;
    draft.product.rating = Math.round((total / count) * 10) / 10;
  }
  return reviews;
}

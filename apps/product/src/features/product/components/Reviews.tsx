import { Suspense, useState } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf } from '@eyewear/api-client';
import { lazyComponent, loginRequested, useLatestEvent } from '@eyewear/event-bus';
import { formatMessage, useDateOf, useMessages } from '@eyewear/i18n';
import { pageMessages } from '../../../app/page-messages';
import { useReviews } from '../api';

// The form opens on a click only: its code loads when the shopper points at the button, not with
// the page (issue 19: first-load JS).
const ReviewForm = lazyComponent('product/ReviewForm', () => import('./ReviewForm').then((module) => ({ default: module.ReviewForm })));

/** Reviews: average and count, pages of 10, posting when logged in (a guest is asked to log in). */
export function Reviews({ productId }: { productId: number }) {
  const m = useMessages(pageMessages);
  const dispatch = useDispatch();
  const session = useLatestEvent('session/changed');
  const reviews = useReviews(productId);
  // The country's date, in UTC: the same on the server as in the browser (issue 19), wherever each runs.
  const dateOf = useDateOf();
  const [writing, setWriting] = useState(false);
  const more = reviews.items.length < reviews.total;
  return (
    <section className="pdp-section" aria-labelledby="pdp-reviews" id="reviews">
      <h2 id="pdp-reviews">{m.reviewsTitle}</h2>
      {reviews.total > 0 ? <p>{formatMessage(m.reviewsSummary, { average: reviews.average.toFixed(1), total: reviews.total })}</p> : null}
      {reviews.status === 'ready' && reviews.items.length === 0 ? <p>{m.noReviews}</p> : null}
      <ol className="pdp-reviews">
        {reviews.items.map((review) => (
          <li key={review.id}>
            <p className="pdp-review__stars" aria-label={formatMessage(m.reviewStars, { n: review.rating })}>
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </p>
            <h3>{review.title}</h3>
            <p>{review.body}</p>
            <p className="pdp-muted">
              {formatMessage(m.reviewBy, {
                author: review.author,
                date: dateOf(review.createdAt),
              })}
              {review.verifiedBuyer ? ` · ${m.verifiedBuyer}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {reviews.status === 'loading' ? <p role="status">{m.loadingReviews}</p> : null}
      {reviews.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {messageOf(reviews.error, m.systemError)}{' '}
          <button type="button" className="ui-button ui-button--link" onClick={reviews.retry}>
            {m.retry}
          </button>
        </p>
      ) : null}
      {more && reviews.status === 'ready' ? (
        <button type="button" className="ui-button ui-button--link" onClick={reviews.more}>
          {m.moreReviews}
        </button>
      ) : null}
      <div className="pdp-review-write">
        {session?.login ? (
          writing ? (
            <Suspense fallback={<p role="status">{m.reviewFormLoading}</p>}>
              <ReviewForm productId={productId} onPosted={reviews.addPosted} />
            </Suspense>
          ) : (
            <button type="button" className="ui-button" onPointerEnter={ReviewForm.preload} onFocus={ReviewForm.preload} onClick={() => setWriting(true)}>
              {m.writeReview}
            </button>
          )
        ) : (
          <button type="button" className="ui-button" onClick={() => dispatch(loginRequested({ tab: 'signin' }))}>
            {m.loginToReview}
          </button>
        )}
      </div>
    </section>
  );
}

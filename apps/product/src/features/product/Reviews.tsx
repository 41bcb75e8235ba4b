import type { Dispatch } from '@reduxjs/toolkit';
import { useState, type FormEvent } from 'react';
import { loginRequested, useLatestEvent } from '@eyewear/event-bus';
import { formatMessage } from '@eyewear/i18n';
import type { PageMessages } from '../../app/page-messages';
import { productPageActions as a, type ProductPageState } from './state';

function ReviewForm({ productId, post, dispatch, m }: { productId: number; post: ProductPageState['reviews']['post']; dispatch: Dispatch; m: PageMessages }) {
  const [rating, setRating] = useState(5);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(a.reviewPostRequested({ id: productId, review: { rating, title: title.trim(), body: body.trim() } }));
  };
  if (post.status === 'success') return <p role="status">{m.reviewPosted}</p>;
  return (
    <form className="pdp-form" onSubmit={submit} aria-label={m.writeReview}>
      <label>
        {m.reviewRating}
        <select value={rating} onChange={(e) => setRating(Number(e.target.value))}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {formatMessage(m.reviewStars, { n })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.reviewTitle}
        <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />
      </label>
      <label>
        {m.reviewBody}
        <textarea value={body} onChange={(e) => setBody(e.target.value)} required maxLength={2000} rows={4} />
      </label>
      {post.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {post.error}
        </p>
      ) : null}
      <button type="submit" className="ui-button" disabled={post.status === 'loading'}>
        {m.reviewSubmit}
      </button>
    </form>
  );
}

/** Reviews: average and count, pages of 10, posting when logged in. */
export function Reviews({ productId, reviews, dispatch, m }: { productId: number; reviews: ProductPageState['reviews']; dispatch: Dispatch; m: PageMessages }) {
  const session = useLatestEvent('session/changed');
  const [writing, setWriting] = useState(false);
  const more = reviews.items.length < reviews.total;
  return (
    <section className="pdp-section" aria-labelledby="pdp-reviews" id="reviews">
      <h2 id="pdp-reviews">{m.reviewsTitle}</h2>
      {reviews.total > 0 ? <p>{formatMessage(m.reviewsSummary, { average: reviews.average.toFixed(1), total: reviews.total })}</p> : null}
      {reviews.status === 'success' && reviews.items.length === 0 ? <p>{m.noReviews}</p> : null}
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
                date: new Date(review.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
              })}
              {review.verifiedBuyer ? ` · ${m.verifiedBuyer}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {reviews.status === 'loading' ? <p role="status">{m.loadingReviews}</p> : null}
      {reviews.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {reviews.error}{' '}
          <button
            type="button"
            className="ui-button ui-button--link"
            onClick={() => dispatch(a.reviewsRequested({ id: productId, page: Math.max(0, reviews.page + 1) }))}
          >
            {m.retry}
          </button>
        </p>
      ) : null}
      {more && reviews.status === 'success' ? (
        <button type="button" className="ui-button ui-button--link" onClick={() => dispatch(a.reviewsRequested({ id: productId, page: reviews.page + 1 }))}>
          {m.moreReviews}
        </button>
      ) : null}
      <div className="pdp-review-write">
        {session?.login ? (
          writing ? (
            <ReviewForm productId={productId} post={reviews.post} dispatch={dispatch} m={m} />
          ) : (
            <button type="button" className="ui-button" onClick={() => setWriting(true)}>
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

import { useState, type FormEvent } from 'react';
import { messageOf, productRoutes, type Review } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useProductApi } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';

/** Writing a review (a logged-in shopper): rating, title and text; the posted review is handed to `onPosted`. */
export function ReviewForm({ productId, onPosted }: { productId: number; onPosted(review: Review): void }) {
  const m = useMessages(pageMessages);
  const api = useProductApi();
  const [rating, setRating] = useState(5);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [post, setPost] = useState<{ status: LoadStatus; error?: string }>({ status: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPost({ status: 'loading' });
    try {
      const answer = await api.call(productRoutes.createReview, { params: { id: productId }, body: { rating, title: title.trim(), body: body.trim() } });
      setPost({ status: 'ready' });
      onPosted(answer.result);
    } catch (error) {
      setPost({ status: 'failed', error: messageOf(error, m.systemError) });
    }
  };
  if (post.status === 'ready') return <p role="status">{m.reviewPosted}</p>;
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

import { useState } from 'react';
import { ApiError, messageOf, productRoutes, readCookie, type Product } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { Dialog, Skeleton } from '@eyewear/ui';
import { useProductQuery } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { displayNameOf } from '../../../app/rules';
import { LiveTryOn, type LiveTryOnProps, type LiveUnavailable } from '../live-try-on/LiveTryOn';
import { liveMessages } from '../live-try-on/messages';

/**
 * Try-on: the frame over the shopper's saved face profile (the API composes the image), or live
 * over the front camera (issue 43), which falls back to the saved photo where there is no camera,
 * it is refused, or the face model cannot run.
 */
export function TryOn({ product, onClose, live }: { product: Product; onClose(): void; live?: Pick<LiveTryOnProps, 'detector' | 'openCamera'> }) {
  const m = useMessages(pageMessages);
  const lm = useMessages(liveMessages);
  const [mode, setMode] = useState<'photo' | 'live'>('photo');
  const [unavailable, setUnavailable] = useState<LiveUnavailable | null>(null);
  const notice = unavailable === 'refused' ? lm.refused : unavailable === 'modelFailed' ? lm.modelFailed : unavailable ? lm.noCamera : null;
  return (
    <Dialog title={m.tryOnTitle} onClose={onClose} closeLabel={m.close} testId="product-try-on" size={mode === 'live' ? 'large' : 'small'}>
      {mode === 'live' ? (
        <LiveTryOn
          {...live}
          product={product}
          onUsePhoto={() => setMode('photo')}
          onUnavailable={(reason) => {
            setUnavailable(reason);
            setMode('photo');
          }}
        />
      ) : (
        <>
          {notice ? <p role="alert">{notice}</p> : null}
          <SavedPhotoTryOn product={product} />
          {unavailable ? null : (
            <p>
              <button type="button" className="ui-button" onClick={() => setMode('live')}>
                {lm.liveMode}
              </button>
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}

/** The frame over the shopper's saved face profile, as the API composes it. */
function SavedPhotoTryOn({ product }: { product: Product }) {
  const m = useMessages(pageMessages);
  const guestId = readCookie(document.cookie, 'dittoGuestId');
  const overlay = useProductQuery(productRoutes.tryOnOverlay, {
    query: { product_id: product.id, view: 'json', ...(guestId ? { guest_id: guestId } : {}) },
  });
  const answer = overlay.status === 'ready' ? overlay.data?.result : undefined;
  // No face profile is an answer, not a failure (issue 42): the page says how to add one. (An
  // older API answered 404 for it.)
  const noProfile = (answer && !answer.overlayed_image_url) || (overlay.error instanceof ApiError && overlay.error.status === 404);
  return (
    <>
      {overlay.status === 'loading' ? (
        <p role="status" aria-label={m.tryOnLoading}>
          <Skeleton width="300px" height="240px" />
        </p>
      ) : null}
      {answer?.overlayed_image_url ? <img src={answer.overlayed_image_url} alt={`${displayNameOf(product)}, ${m.tryOnAlt}`} width={300} height={240} /> : null}
      {noProfile ? (
        <p role="status">
          {m.tryOnNoProfile} <Link to="/customer/ditto-profile/">{m.tryOnCreate}</Link>
        </p>
      ) : overlay.status === 'failed' ? (
        <p role="alert">{messageOf(overlay.error, m.systemError)}</p>
      ) : null}
    </>
  );
}

import { ApiError, messageOf, productRoutes, readCookie, type Product } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { Dialog, Skeleton } from '@eyewear/ui';
import { useProductQuery } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { displayNameOf } from '../../../app/rules';

/** The frame over the shopper's saved face profile (the API composes the image). */
export function TryOn({ product, onClose }: { product: Product; onClose(): void }) {
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
    <Dialog title={m.tryOnTitle} onClose={onClose} closeLabel={m.close} testId="product-try-on">
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
    </Dialog>
  );
}

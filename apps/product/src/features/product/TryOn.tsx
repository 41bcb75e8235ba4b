import { useEffect, useState } from 'react';
import { ApiError, productRoutes, readCookie, type Product } from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { Dialog, Skeleton } from '@eyewear/ui';
import { productApi } from '../../app/api';
import type { PageMessages } from '../../app/page-messages';

type State = { status: 'loading' } | { status: 'done'; url: string } | { status: 'failed'; message: string; noProfile: boolean };

/** The frame over the shopper's saved face profile (the API composes the image). */
export function TryOn({ product, m, onClose }: { product: Product; m: PageMessages; onClose(): void }) {
  const country = useCountry();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const guestId = readCookie(document.cookie, 'dittoGuestId');
    productApi(country)
      .call(productRoutes.tryOnOverlay, { query: { product_id: product.id, view: 'json', ...(guestId ? { guest_id: guestId } : {}) } })
      .then(
        (answer) => live && setState({ status: 'done', url: answer.result.overlayed_image_url }),
        (error: unknown) =>
          live &&
          setState({
            status: 'failed',
            message: error instanceof ApiError ? error.message : m.retry,
            noProfile: error instanceof ApiError && error.status === 404,
          }),
      );
    return () => {
      live = false;
    };
  }, [country, product.id, m.retry]);
  return (
    <Dialog title={m.tryOnTitle} onClose={onClose} closeLabel={m.close} testId="product-try-on">
      {state.status === 'loading' ? (
        <p role="status" aria-label={m.tryOnLoading}>
          <Skeleton width="300px" height="240px" />
        </p>
      ) : null}
      {state.status === 'done' ? <img src={state.url} alt={`${product.brandName} ${product.modelName}, ${m.tryOnAlt}`} width={300} height={240} /> : null}
      {state.status === 'failed' ? (
        <p role="alert">
          {state.message} {state.noProfile ? <Link to="/customer/ditto-profile/">{m.tryOnCreate}</Link> : null}
        </p>
      ) : null}
    </Dialog>
  );
}

import { Suspense, useState } from 'react';
import type { Product } from '@eyewear/api-client';
import { lazyComponent, useHydrated } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { pageMessages } from '../../../app/page-messages';
import { COMPARE_MAX, readCompare, writeCompare } from '../compare-list';

// The try-on opens on a click only: its code (and the dialog's) loads when the shopper points at
// the button, not with the page (issue 19: first-load JS).
const TryOn = lazyComponent('product/TryOn', () => import('./TryOn').then((module) => ({ default: module.TryOn })));

/** A frame's tools: try it on (the face profile), and pick it for compare looks. */
export function FrameTools({ product }: { product: Product }) {
  const m = useMessages(pageMessages);
  const [tryOn, setTryOn] = useState(false);
  // The tab's picks are in sessionStorage: read once the page runs in the browser (issue 19), so the
  // server's HTML and the hydrating render (none picked) agree.
  const hydrated = useHydrated();
  const [picked, setCompare] = useState<number[] | null>(null);
  const compare = picked ?? (hydrated ? readCompare() : []);
  const inCompare = compare.includes(product.id);
  const toggleCompare = () => {
    const next = inCompare ? compare.filter((x) => x !== product.id) : [...compare, product.id].slice(-COMPARE_MAX);
    writeCompare(next);
    setCompare(next);
  };
  return (
    <>
      <p>
        <button type="button" className="ui-button ui-button--link" onPointerEnter={TryOn.preload} onFocus={TryOn.preload} onClick={() => setTryOn(true)}>
          {m.tryOn}
        </button>{' '}
        <button type="button" className="ui-button ui-button--link" aria-pressed={inCompare} onClick={toggleCompare}>
          {inCompare ? m.compareAdded : m.compare}
        </button>{' '}
        {compare.length > 0 ? <Link to="/compare-looks">{m.compareOpen}</Link> : null}
      </p>
      {tryOn ? (
        <Suspense fallback={<p role="status">{m.tryOnLoading}</p>}>
          <TryOn product={product} onClose={() => setTryOn(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

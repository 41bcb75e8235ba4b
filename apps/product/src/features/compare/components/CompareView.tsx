import { useState } from 'react';
import { productRoutes } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { useHydrated } from '@eyewear/event-bus';
import { Skeleton, SkeletonGrid } from '@eyewear/ui';
import { useProductQuery } from '../../../app/api';
import { messages } from '../../../app/messages';
import { pageMessages } from '../../../app/page-messages';
import { compareMessages } from '../messages';
import { displayNameOf, frameSizeOf, pricesOfProduct } from '../../../app/rules';
import { COMPARE_MAX, readCompare, writeCompare } from '../../product/compare-list';
import '../../../app/product.css';

/** The ids of `?ids=1,2`, else the ones picked on product pages. */
function idsOf(query: string | null): number[] {
  if (!query) return readCompare();
  const ids = query
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/** One product of the comparison: a placeholder while it loads, nothing if it cannot be loaded. */
function CompareItem({ id, onRemove }: { id: number; onRemove(id: number): void }) {
  const m = useMessages(pageMessages);
  const looks = useMessages(compareMessages);
  const { status, data } = useProductQuery(productRoutes.get, { params: { id } });
  if (status === 'failed') return null;
  const p = status === 'ready' ? data?.result : undefined;
  if (!p) {
    return (
      <li aria-busy="true">
        <Skeleton width="300px" height="150px" />
      </li>
    );
  }
  const { selling } = pricesOfProduct(p);
  const size = frameSizeOf(p.frameSizeId);
  const name = displayNameOf(p);
  return (
    <li>
      <img src={p.imageUrlsDetail[p.imageUrlsDetail.length > 2 ? 2 : 0]?.url} alt={name} width={300} height={150} />
      <h2>{name}</h2>
      <p>{formatPrice(selling.price, selling.currencyCode)}</p>
      {p.frameColour ? <p>{p.frameColour}</p> : null}
      {size ? <p>{formatMessage(m.frameSize, { size: m[size.key] })}</p> : null}
      {p.frameShape ? <p>{p.frameShape}</p> : null}
      <p>
        <Link to={`/product/${p.id}`}>{looks.view}</Link>{' '}
        <button type="button" className="ui-button ui-button--link" onClick={() => onRemove(p.id)}>
          {formatMessage(looks.remove, { name })}
        </button>
      </p>
    </li>
  );
}

/** Compare looks: up to four products side by side (`?ids=1,2` or the ones picked on product pages). */
export default function CompareView() {
  const looks = useMessages(compareMessages);
  const query = new URLSearchParams(useLocation().search).get('ids');
  // Without `?ids`, the picks are in the tab's sessionStorage: read once the page runs in the
  // browser (issue 19); the server and the hydrating render show the placeholder meanwhile.
  const hydrated = useHydrated();
  const [picked, setIds] = useState<number[] | null>(() => (query || hydrated ? idsOf(query) : null));
  const ids = picked ?? (hydrated ? idsOf(query) : null);
  const { loading } = useMessages(messages);
  if (ids === null) return <SkeletonGrid rows={1} label={loading} />;
  const remove = (id: number) => {
    const next = ids.filter((x) => x !== id);
    writeCompare(next);
    setIds(next);
  };
  if (ids.length === 0) return <p>{looks.compareEmpty}</p>;
  return (
    <ul className="pdp-compare">
      {ids.map((id) => (
        <CompareItem key={id} id={id} onRemove={remove} />
      ))}
    </ul>
  );
}

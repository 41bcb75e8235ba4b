import { useEffect, useState } from 'react';
import { productRoutes, type Product } from '@eyewear/api-client';
import { formatMessage, formatPrice, useCountry, useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { productApi } from '../../app/api';
import { pageMessages } from '../../app/page-messages';
import { COMPARE_MAX, readCompare, writeCompare } from '../product/compare-list';
import { FRAME_SIZES, pricesOfProduct } from '../product/rules';
import '../product/product.css';

/** Compare looks: up to four products side by side (`?ids=1,2` or the ones picked on product pages). */
export default function CompareView() {
  const m = useMessages(pageMessages);
  const country = useCountry();
  const query = new URLSearchParams(useLocation().search).get('ids');
  const [ids, setIds] = useState<number[]>(() =>
    query
      ? query
          .split(',')
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0)
          .slice(0, COMPARE_MAX)
      : readCompare(),
  );
  const [products, setProducts] = useState<Product[] | null>(null);

  useEffect(() => {
    let live = true;
    const api = productApi(country);
    Promise.all(
      ids.map((id) =>
        api.call(productRoutes.get, { params: { id } }).then(
          (a) => a.result,
          () => null,
        ),
      ),
    ).then((found) => live && setProducts(found.filter((p): p is Product => p !== null)));
    return () => {
      live = false;
    };
  }, [ids, country]);

  const remove = (id: number) => {
    const next = ids.filter((x) => x !== id);
    writeCompare(next);
    setIds(next);
  };

  if (ids.length === 0) return <p>{m.compareEmpty}</p>;
  if (!products) return <SkeletonGrid rows={1} label={m.siteName} />;
  return (
    <ul className="pdp-compare">
      {products.map((p) => {
        const { selling } = pricesOfProduct(p);
        const size = FRAME_SIZES.find((s) => s.id === p.frameSizeId);
        const name = `${p.brandName} ${p.modelName}`;
        return (
          <li key={p.id}>
            <img src={p.imageUrlsDetail[p.imageUrlsDetail.length > 2 ? 2 : 0]?.url} alt={name} width={300} height={150} />
            <h2>{name}</h2>
            <p>{formatPrice(selling.price, selling.currencyCode)}</p>
            {p.frameColour ? <p>{p.frameColour}</p> : null}
            {size ? <p>{formatMessage(m.frameSize, { size: m[size.key] })}</p> : null}
            {p.frameShape ? <p>{p.frameShape}</p> : null}
            <p>
              <Link to={`/product/${p.id}`}>{m.view}</Link>{' '}
              <button type="button" className="ui-button ui-button--link" onClick={() => remove(p.id)}>
                {formatMessage(m.remove, { name })}
              </button>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { pageMessages } from '../../../app/page-messages';
import { useVariants } from '../api';

/** The product's colours, when it has more than one: links to the others. */
export function Variants({ productId }: { productId: number }) {
  const m = useMessages(pageMessages);
  const variants = useVariants(productId);
  if (!variants || variants.options.length <= 1) return null;
  return (
    <nav aria-label={m.colours} className="pdp-variants">
      {variants.options.map((option) =>
        option.selected ? (
          <span key={option.productId} aria-current="page" className="pdp-variant pdp-variant--current">
            {option.label}
          </span>
        ) : (
          <Link key={option.productId} to={`/product/${option.productId}`} className="pdp-variant">
            {option.label}
          </Link>
        ),
      )}
    </nav>
  );
}

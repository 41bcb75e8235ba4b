import type { CategoryData } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { messages } from '../../../app/messages';

/** The listing's breadcrumb (when it has more than one step); while loading, its empty row. */
export function ListingBreadcrumb({ data }: { data: CategoryData | null }) {
  const m = useMessages(messages);
  // The breadcrumb's row, kept while the listing loads: the page does not shift when it comes.
  if (!data) return <div className="catalog-breadcrumb" aria-hidden="true" />;
  if (data.breadcrumb.length <= 1) return null;
  return (
    <nav aria-label={m.breadcrumb} className="catalog-breadcrumb">
      <ol>
        {data.breadcrumb.map((crumb, i) => (
          <li key={crumb.url}>
            {i === data.breadcrumb.length - 1 ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.url}>{crumb.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

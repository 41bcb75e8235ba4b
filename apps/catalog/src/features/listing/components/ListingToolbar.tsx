import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { SORT_OPTIONS } from '../listing-request';
import { useListingUrl } from './use-listing-url';

export type ListingLayout = 'grid' | 'list';

export interface ListingToolbarProps {
  /** The listing's filters and sort, from the URL. */
  params: Record<string, string>;
  view: ListingLayout;
  onView(view: ListingLayout): void;
  /** The filters button shows when the listing has filters to show. */
  filtersShown: boolean;
  filtersOpen: boolean;
  onToggleFilters(): void;
}

/** Sort, grid or list, and (on small screens) the button that shows the filters. */
export function ListingToolbar({ params, view, onView, filtersShown, filtersOpen, onToggleFilters }: ListingToolbarProps) {
  const m = useMessages(messages);
  const { setSort } = useListingUrl();
  const sortValue = SORT_OPTIONS.find((o) => o.sort === (params['sort'] ?? null) && (o.dir === null || o.dir === (params['dir'] ?? o.dir)))?.value ?? '';
  const sortLabels: Record<string, string> = {
    '': m.sortRelevance,
    'price-asc': m.sortPriceAsc,
    'price-desc': m.sortPriceDesc,
    rating: m.sortRating,
    new: m.sortNew,
    popular: m.sortPopular,
  };
  return (
    <div className="catalog-toolbar">
      <label>
        {m.sortBy}{' '}
        <select value={sortValue} onChange={(e) => setSort(e.target.value)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {sortLabels[o.value]}
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label={m.viewAs} className="catalog-view-toggle">
        <button type="button" aria-pressed={view === 'grid'} onClick={() => onView('grid')}>
          {m.viewGrid}
        </button>
        <button type="button" aria-pressed={view === 'list'} onClick={() => onView('list')}>
          {m.viewList}
        </button>
      </div>
      {filtersShown ? (
        <button type="button" className="catalog-filters-toggle" aria-expanded={filtersOpen} onClick={onToggleFilters}>
          {filtersOpen ? m.hideFilters : m.showFilters}
        </button>
      ) : null}
    </div>
  );
}

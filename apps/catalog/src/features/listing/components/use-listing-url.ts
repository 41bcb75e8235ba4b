import { useLocation, useNavigate } from '@eyewear/router';
import { SORT_OPTIONS } from '../listing-request';

/** The listing's filters and sort live in the page URL: these change it. */
export function useListingUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const go = (next: URLSearchParams) => navigate({ pathname: location.pathname, search: next.toString() ? `?${next.toString()}` : '' });
  return {
    /** One filter's chosen values (none removes it). */
    setParam(name: string, values: string[]) {
      const next = new URLSearchParams(location.search);
      next.delete(name);
      if (values.length > 0) next.set(name, values.join(','));
      go(next);
    },
    /** Every filter and the sort off; a search keeps its query. */
    clearFilters() {
      const next = new URLSearchParams();
      const q = new URLSearchParams(location.search).get('q');
      if (q) next.set('q', q);
      go(next);
    },
    /** A sort option by its value (`SORT_OPTIONS`). */
    setSort(value: string) {
      const option = SORT_OPTIONS.find((o) => o.value === value) ?? SORT_OPTIONS[0];
      const next = new URLSearchParams(location.search);
      next.delete('sort');
      next.delete('dir');
      if (option.sort) next.set('sort', option.sort);
      if (option.dir) next.set('dir', option.dir);
      go(next);
    },
  };
}

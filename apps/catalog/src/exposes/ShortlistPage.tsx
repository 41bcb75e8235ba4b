import type { RemotePageProps } from '@eyewear/federation';
import { WishlistPageView } from '../features/wishlist/components/WishlistPageView';

/** `/shortlist`: the shopper's shortlist as a page (the header's heart before the scripts run). */
export default function ShortlistPage(_route: RemotePageProps) {
  return <WishlistPageView testId="catalog-ShortlistPage" />;
}

import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { shortlistPageMessages } from '../page-messages';
import { useLoadWishlist } from '../state/use-wishlist';
import { WishlistContents } from './WishlistContents';

/**
 * The shortlist as a page (`/shortlist`, issue 39): where the header's heart goes before the
 * page's scripts have run, with a modifier key or in a new tab. The panel's list
 * (`WishlistContents`), under an `h1`; the empty state offers the eyeglasses. A shopper's own
 * page: `noindex` (React 19 puts the meta in the document's head in the browser; on the server
 * it leads the page's HTML, as the document carries no robots tag of its own).
 */
export function WishlistPageView({ testId }: { testId: string }) {
  const m = useMessages(shortlistPageMessages);
  const site = useMessages(messages);
  const wishlist = useLoadWishlist({ attributes: true });
  useDocumentTitle(m.shortlistTitle, site.siteName);
  return (
    <article className="remote-page catalog-wishlist-page" data-testid={testId}>
      <meta name="robots" content="noindex" />
      <PageHeading>{m.shortlistTitle}</PageHeading>
      <WishlistContents
        wishlist={wishlist}
        emptyAction={
          <Link to="/eyeglasses.html" className="ui-button">
            {m.shortlistBrowse}
          </Link>
        }
      />
    </article>
  );
}

import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { HomeView } from '../features/home/components/HomeView';

/** `/` and `/promo/{pagename}/*`: the home page, or a promo page from its JSON. */
export default function HomePage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const promo = params['pagename']?.toLowerCase();
  return (
    <HomeView
      key={promo ?? 'home'}
      page={promo ?? 'home'}
      testId="catalog-HomePage"
      heading={promo ?? m.homePageTitle}
      missing={{ title: m.promoNotFound, detail: m.promoNotFoundDetail }}
    />
  );
}

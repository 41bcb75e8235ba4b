import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { HomeView } from '../features/home/components/HomeView';

/** `/eyeglasses.html`, `/sunglasses.html`, `/premium-eyeglasses`, `/premium-sunglasses`: home-style pages. */
export default function ContentPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const page = props['page'] ?? '';
  return (
    <HomeView
      key={page}
      page={page}
      testId="catalog-ContentPage"
      heading={m.contentPageTitle}
      missing={{ title: m.contentPageTitle, detail: m.contentLoadFailed }}
    />
  );
}

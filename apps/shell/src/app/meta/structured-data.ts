import { COUNTRIES, type CountryCode } from '@eyewear/i18n';

/** shopping §7: the site rating is raced against 2 s; a time-out or failure counts as 0. */
export const SITE_RATING_TIMEOUT_MS = 2000;
/** spec "Shell": the aggregate rating appears only on these paths. */
export const RATING_PATHS = ['/', '/reviews'];

export interface Rating {
  average_score: number;
  total_reviews: number;
}

export const NO_RATING: Rating = { average_score: 0, total_reviews: 0 };

export function siteOrigin(country: CountryCode): string {
  return COUNTRIES[country].domainUrl;
}

/** Organization and WebSite (with a site search action) and, on / and /reviews, an AggregateRating. */
export function structuredData(country: CountryCode, siteName: string, description: string, rating: Rating | null): object[] {
  const origin = siteOrigin(country);
  const organization: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteName,
    url: origin,
    logo: `${origin}/favicon.svg`,
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: `${COUNTRIES[country].phoneCode}-${COUNTRIES[country].tollFree?.tel ?? ''}`.replace(/-$/, ''),
      contactType: 'customer service',
    },
  };
  if (rating) {
    organization.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: rating.average_score,
      reviewCount: rating.total_reviews,
      bestRating: 5,
    };
  }
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName,
    url: origin,
    description,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return [organization, website];
}

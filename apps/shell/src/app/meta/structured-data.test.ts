import { structuredData } from './structured-data';

describe('structured data', () => {
  it('describes the Organization and the WebSite with a site search action', () => {
    const [organization, website] = structuredData('in', 'Eyewear', 'Buy glasses', null) as Array<Record<string, Record<string, unknown> | string>>;
    expect(organization!['@type']).toBe('Organization');
    expect(organization!.aggregateRating).toBeUndefined();
    expect(website!['@type']).toBe('WebSite');
    expect(website!.potentialAction as object).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: 'https://www.eyewear.in/search?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });

  it('adds an AggregateRating with best rating 5 when given one', () => {
    const [organization] = structuredData('ae', 'Eyewear', 'x', { average_score: 4.4, total_reviews: 1164 }) as Array<
      Record<string, Record<string, unknown> | string>
    >;
    expect(organization!.aggregateRating as object).toEqual({ '@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 1164, bestRating: 5 });
    expect(organization!.url).toBe('https://www.eyewear.ae');
  });
});

import { NO_RATING, raceRating, SITE_RATING_TIMEOUT_MS, structuredData } from './structured-data';

describe('site rating race', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('takes an answer within 2 s', async () => {
    const rating = raceRating(() => Promise.resolve({ average_score: 4.3, total_reviews: 10 }));
    await expect(rating).resolves.toEqual({ average_score: 4.3, total_reviews: 10 });
  });

  it('is 0 after 2 s without an answer, and aborts the call', async () => {
    let signal!: AbortSignal;
    const rating = raceRating((s) => {
      signal = s;
      return new Promise(() => undefined);
    });
    jest.advanceTimersByTime(SITE_RATING_TIMEOUT_MS - 1);
    expect(signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(rating).resolves.toEqual(NO_RATING);
    expect(signal.aborted).toBe(true);
    expect(SITE_RATING_TIMEOUT_MS).toBe(2000);
  });

  it('is 0 when the call fails', async () => {
    await expect(raceRating(() => Promise.reject(new Error('down')))).resolves.toEqual(NO_RATING);
  });
});

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

/** shopping.md §9: "UTM mapping covers five keys: source, medium, campaign, term, content." (account.md §3 Marketing: "UTM data (source, medium, campaign, term, content)".) */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Campaign = Partial<Record<UtmKey, string>>;

/** The longest value kept per key (the contract refuses longer ones). */
export const UTM_VALUE_MAX = 200;

/** Where the tab keeps the campaign it arrived with (the shell writes it, the account area and the country banner read it). */
export const UTM_STORAGE_KEY = 'shell.utm';

/** The campaign of a query string: the `utm_<key>` parameters that have a value, each cut to UTM_VALUE_MAX. */
export function campaignFromSearch(search: string | URLSearchParams): Campaign {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const campaign: Campaign = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`);
    if (value) campaign[key] = value.slice(0, UTM_VALUE_MAX);
  }
  return campaign;
}

/** The campaign's values as `utm_<key>` parameters of a URL. */
export function addCampaign(url: URL, campaign: Campaign): URL {
  for (const key of UTM_KEYS) if (campaign[key]) url.searchParams.set(`utm_${key}`, campaign[key]!);
  return url;
}

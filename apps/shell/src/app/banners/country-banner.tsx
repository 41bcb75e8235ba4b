import { useState } from 'react';
import { shellRoutes, type RouteResult } from '@eyewear/api-client';
import { useQuery, useRenderEnv } from '@eyewear/event-bus';
import { COUNTRIES, formatMessage, isCountryCode, useCountry, useMessages, type CountryCode } from '@eyewear/i18n';
import { isCrawler, UTM_STORAGE_KEY, type Campaign } from '@eyewear/i18n/rules';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { otherSiteUrl, showCountryBanner } from './banner-rules';

function storedCampaign(): Campaign {
  try {
    return JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY) ?? '{}') as Campaign;
  } catch {
    return {};
  }
}

type Location = RouteResult<typeof shellRoutes.location>['result'];

/** The visitor's country and city, when the banner is for them (another country's site suits them better). */
function visitorFrom(site: CountryCode, location: Location | undefined): { country: CountryCode; city?: string | undefined } | null {
  const country = location?.country;
  if (!country || !isCountryCode(country) || !showCountryBanner(site, country, navigator.userAgent)) return null;
  return { country, city: location.city };
}

/**
 * Tells a visitor from another country they are out of town, with their location and a
 * button to their country's site (referrer and stored campaign values carried along).
 */
export default function CountryBanner() {
  const m = useMessages(messages);
  const site = useCountry();
  const env = useRenderEnv();
  // Asked in the browser only (the server's location is not the visitor's); crawlers never see
  // the banner, so they never ask.
  const { data } = useQuery(shellRoutes.location, {}, { client: useApi(), enabled: !env.server && !isCrawler(navigator.userAgent) });
  const [dismissed, setDismissed] = useState(false);
  // Nothing shows while the location loads, nor when it fails or is the site's own country.
  const visitor = visitorFrom(site, data?.result);
  if (!visitor || dismissed) return null;
  const place = [visitor.city, COUNTRIES[visitor.country].countryName].filter(Boolean).join(', ');
  return (
    <section className="shell-banner shell-banner--country" aria-label={m.countryBannerDismiss} data-testid="shell-country-banner">
      <p>{formatMessage(m.countryBanner, { location: place })}</p>
      <a className="ui-button" href={otherSiteUrl(visitor.country, site, storedCampaign())}>
        {formatMessage(m.countryBannerButton, { country: COUNTRIES[visitor.country].countryName })}
      </a>
      <button type="button" className="ui-button ui-button--link" onClick={() => setDismissed(true)}>
        {m.countryBannerDismiss}
      </button>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { shellRoutes } from '@eyewear/api-client';
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

/**
 * Tells a visitor from another country they are out of town, with their location and a
 * button to their country's site (referrer and stored campaign values carried along).
 */
export default function CountryBanner() {
  const m = useMessages(messages);
  const site = useCountry();
  const api = useApi();
  const [visitor, setVisitor] = useState<{ country: CountryCode; city?: string | undefined } | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    // Crawlers never see it, so they never ask.
    if (isCrawler(navigator.userAgent)) return undefined;
    const controller = new AbortController();
    api.call(shellRoutes.location, { signal: controller.signal }).then(
      ({ result }) => {
        if (result.country && isCountryCode(result.country) && showCountryBanner(site, result.country, navigator.userAgent)) {
          setVisitor({ country: result.country, city: result.city });
        }
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, site]);

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

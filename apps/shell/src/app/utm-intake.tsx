import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { shellRoutes } from '@eyewear/api-client';
import { useApi } from './api-context';
import { CAMPAIGN_STORAGE_KEY, campaignFromSearch } from './banners/banner-rules';

/**
 * A visit arriving with utm_* parameters: the five values are stored for the tab (the country
 * banner carries them) and sent to the UTM intake. Failures are swallowed (marketing, §8).
 */
export function UtmIntake() {
  const api = useApi();
  const { search } = useLocation();
  useEffect(() => {
    const campaign = campaignFromSearch(search);
    if (Object.keys(campaign).length === 0) return;
    try {
      sessionStorage.setItem(CAMPAIGN_STORAGE_KEY, JSON.stringify(campaign));
    } catch {
      // Storage refused: the intake below still records it.
    }
    api.call(shellRoutes.utm, { body: campaign }).catch(() => undefined);
  }, [api, search]);
  return null;
}

import { useEffect, useRef } from 'react';
import { useLocation } from '@eyewear/router';
import { shellRoutes } from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { campaignFromSearch, UTM_STORAGE_KEY, type Campaign } from '@eyewear/i18n/rules';
import { useApi } from './api-context';

function stored(): Campaign {
  try {
    return JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY) ?? '{}') as Campaign;
  } catch {
    return {};
  }
}

/**
 * A visit arriving with utm_* parameters: the five values are stored for the tab (the country
 * banner carries them) and sent to the UTM intake, and sent again after a login under the new
 * customer. Failures are swallowed (marketing, shopping §8).
 */
export function UtmIntake() {
  const api = useApi();
  const { search } = useLocation();
  const session = useLatestEvent('session/changed');
  const sentFor = useRef<number | null>(null);

  useEffect(() => {
    const campaign = campaignFromSearch(search);
    if (Object.keys(campaign).length === 0) return;
    try {
      sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify(campaign));
    } catch {
      // Storage refused: the intake below still records it.
    }
    api.call(shellRoutes.utm, { body: campaign }).catch(() => undefined);
  }, [api, search]);

  const customerId = session?.login ? session.customerId : null;
  useEffect(() => {
    if (customerId === null || sentFor.current === customerId) return;
    sentFor.current = customerId;
    const campaign = stored();
    if (Object.keys(campaign).length > 0) api.call(shellRoutes.utm, { body: campaign }).catch(() => undefined);
  }, [api, customerId]);
  return null;
}

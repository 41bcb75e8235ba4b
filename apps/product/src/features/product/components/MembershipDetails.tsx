import type { Product } from '@eyewear/api-client';
import { useHydrated, useLatestEvent } from '@eyewear/event-bus';
import { dateIn, formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { membershipMessages } from '../membership-messages';

type Messages = typeof membershipMessages.defaults;

/** `A`, `A and B`, `A, B and C`. */
function listOf(items: readonly string[], and: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

function whatOf(m: Messages, classifications: readonly string[]): string {
  const names = classifications.map((c) => (c === 'eyeframe' ? m.goldWhat_eyeframe : c === 'sunglasses' ? m.goldWhat_sunglasses : m.goldWhatOther));
  return listOf([...new Set(names)], m.goldAnd);
}

/** shopping §9: a membership joined today ends today + tierMembershipDuration days. */
export function membershipEnd(days: number, today: Date = new Date()): string {
  return new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days)).toISOString().slice(0, 10);
}

/**
 * The gold membership's page (issue 42: the menu's Gold opened a one-product listing with frame
 * filters): what a member saves, on which brands, for how long, until when if joined today, and
 * for a member that they are one. The savings are the API's (the cart's pricing rules).
 */
export function MembershipDetails({ product }: { product: Product }) {
  const m = useMessages(membershipMessages);
  const country = useCountry();
  const session = useLatestEvent('session/changed');
  // Today is the browser's: the end date is said once the page runs there.
  const hydrated = useHydrated();
  const days = product.tierMembershipDuration;
  const loyalty = product.loyalty;
  return (
    <section className="pdp-gold" aria-labelledby="pdp-gold-title" data-testid="product-gold">
      <h2 id="pdp-gold-title">{m.goldTitle}</h2>
      <ul>
        {loyalty && loyalty.brandsAllowed.length > 0 ? (
          <li>
            {formatMessage(m.goldSaving, {
              percent: loyalty.discountPercent,
              what: whatOf(m, loyalty.classificationsAllowed),
              brands: listOf(loyalty.brandsAllowed, m.goldAnd),
            })}
          </li>
        ) : null}
        {days ? <li>{formatMessage(m.goldDuration, { days })}</li> : null}
        <li>{m.goldHow}</li>
      </ul>
      {hydrated && days ? <p>{formatMessage(m.goldEnds, { date: dateIn(country)(membershipEnd(days)) })}</p> : null}
      {session?.isLoyalty ? <p role="status">{m.goldMember}</p> : null}
    </section>
  );
}

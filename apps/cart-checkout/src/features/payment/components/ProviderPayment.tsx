import { useState } from 'react';
import type { SavedCard } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import type { CardProvider } from '../api';
import { paymentMessages } from '../messages';
import { CardFields } from './CardFields';
import type { PaymentEntry } from './use-payment-entry';

const typeLabel = (m: Record<string, string>, type: string) => m[`providerType_${type}`] ?? type.replace(/_/g, ' ').toLowerCase();

/**
 * The card provider's form (shopping §7 "the card-provider flow"), once its client token is
 * given: the provider's method types, the cards saved with it (a saved one needs no CVV: the
 * provider keeps it) and the new card's fields. Without a token it cannot be used: it says so.
 */
export function ProviderPayment({ provider, entry }: { provider: CardProvider; entry: PaymentEntry }) {
  const p = useMessages(paymentMessages);
  const types = provider.method?.primerPaymentMethods ?? [];
  const [picked, setType] = useState<string | null>(null);
  const type = picked ?? types[0] ?? null;
  const { fields, set } = entry;

  if (provider.token === 'loading' || provider.token === 'idle')
    return (
      <div aria-busy="true" aria-label={p.providerLoading}>
        <Skeleton height="6rem" />
      </div>
    );
  if (provider.token === 'failed')
    return (
      <p role="alert" className="cc-error">
        {p.providerUnavailable}
      </p>
    );
  return (
    <div className="cc-section" data-testid="provider-form">
      {types.length > 1 ? (
        <fieldset className="cc-methods">
          <legend>{p.providerTypes}</legend>
          {types.map((t) => (
            <label key={t}>
              <input type="radio" name="provider-type" checked={type === t} onChange={() => setType(t)} /> {typeLabel(p, t)}
            </label>
          ))}
        </fieldset>
      ) : (
        <p>
          {p.providerTypes}: {types.map((t) => typeLabel(p, t)).join(', ')}
        </p>
      )}
      {type === 'PAYMENT_CARD' ? (
        <>
          {provider.cards.length ? (
            <ProviderCards cards={provider.cards} token={fields.providerCard} onToken={(providerCard) => set({ providerCard })} />
          ) : null}
          {fields.providerCard ? null : (
            <>
              <CardFields onBin={() => undefined} onChange={entry.onCardChange} />
            </>
          )}
        </>
      ) : null}
    </div>
  );
}

function ProviderCards({ cards, token, onToken }: { cards: SavedCard[]; token: string | null; onToken(token: string | null): void }) {
  const p = useMessages(paymentMessages);
  return (
    <fieldset className="cc-methods">
      <legend>{p.providerSavedCards}</legend>
      {cards.map((c) => (
        <label key={c.token}>
          <input type="radio" name="provider-card" checked={token === c.token} onChange={() => onToken(c.token)} />{' '}
          {formatMessage(p.providerSavedCard, {
            type: c.cardType.charAt(0).toUpperCase() + c.cardType.slice(1),
            last4: c.maskedNumber.slice(-4),
            month: String(c.expiryMonth).padStart(2, '0'),
            year: c.expiryYear,
          })}
        </label>
      ))}
      <label>
        <input type="radio" name="provider-card" checked={token === null} onChange={() => onToken(null)} /> {p.providerNewCard}
      </label>
    </fieldset>
  );
}

import { useId } from 'react';
import type { SavedCard } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';

/** The shopper's saved cards, or a new one; a saved card asks its CVV. */
export function SavedCards({
  cards,
  token,
  cvv,
  onToken,
  onCvv,
}: {
  cards: SavedCard[];
  token: string | null;
  cvv: string;
  onToken(token: string | null): void;
  onCvv(cvv: string): void;
}) {
  const m = useMessages(messages);
  const id = useId();
  return (
    <fieldset className="cc-methods">
      <legend>{m.savedCardsTitle}</legend>
      {cards.map((c) => (
        <label key={c.token}>
          <input type="radio" name="saved-card" checked={token === c.token} onChange={() => onToken(c.token)} /> {c.cardType} {c.maskedNumber}
        </label>
      ))}
      <label>
        <input type="radio" name="saved-card" checked={token === null} onChange={() => onToken(null)} /> {m.newCard}
      </label>
      {token ? (
        <span className="cc-field">
          <label htmlFor={`${id}-saved-cvv`}>{m.cvv}</label>
          <input id={`${id}-saved-cvv`} type="password" inputMode="numeric" maxLength={4} value={cvv} onChange={(e) => onCvv(e.target.value)} />
        </span>
      ) : null}
    </fieldset>
  );
}

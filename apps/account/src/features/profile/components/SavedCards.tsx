import { messageOf } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi, useSavedCards } from '../api';

/** Saved cards: list and delete (gateway PU, with the card's e-mail). */
export function SavedCards() {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const cards = useSavedCards();
  if (cards.status === 'failed') return <LoadFailed message={messageOf(cards.error, m.somethingWrong)} retry={m.retry} onRetry={cards.reload} />;
  if (!cards.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const saved = cards.data.result.cards;
  return (
    <section className="acc-card" aria-label={m.savedCards}>
      <h2 className="acc-card__title">{m.savedCards}</h2>
      {saved.length === 0 ? <p>{m.noCards}</p> : null}
      <ul>
        {saved.map((card) => (
          <li key={card.token}>
            {card.cardType.toUpperCase()} {card.maskedNumber} · {card.nameOnCard}{' '}
            <button
              type="button"
              className="ui-button ui-button--link"
              aria-label={formatMessage(m.removeCard, { card: card.maskedNumber })}
              onClick={() => api.removeCard(card.token, card.emailId).then(cards.reload, cards.reload)}
            >
              {m.remove}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

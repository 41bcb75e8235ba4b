import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { useCartSettings } from '../../../app/settings';

/** Quantity 0: a message (or the 'problem adding item' one), a prompt, continue shopping, and 'search for' links. */
export function EmptyCart({ addFailed, onNavigate }: { addFailed: boolean; onNavigate?(): void }) {
  const m = useMessages(messages);
  const { emptyCartLinks } = useCartSettings();
  return (
    <div className="cc-empty" data-testid="cart-empty">
      <p className="cc-empty__title">{addFailed ? m.emptyAddFailed : m.emptyTitle}</p>
      <p>{m.emptyPrompt}</p>
      {/* The site's home, as a full load (the spec's origin link); the server renders it alike. */}
      <a className="ui-button" href="/" onClick={onNavigate}>
        {m.continueShopping}
      </a>
      <nav aria-label={m.searchFor} className="cc-empty__links">
        <h3>{m.searchFor}</h3>
        <ul>
          {emptyCartLinks.map((l) => (
            <li key={l.link}>
              <a href={l.link} onClick={onNavigate}>
                {l.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

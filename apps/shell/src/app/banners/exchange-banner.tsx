import { useState } from 'react';
import { readCookie } from '@eyewear/api-client';
import { usePageStore, exchangeExitRequested, creditOf, EXCHANGE_CREDIT_COOKIE } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Dialog } from '@eyewear/ui';
import { messages } from '../messages';
import { EXCHANGE_TAB_KEY, readExchange, showExchangeBanner } from './banner-rules';

function ownsExchange(value: string): boolean {
  try {
    return sessionStorage.getItem(EXCHANGE_TAB_KEY) === value;
  } catch {
    return true;
  }
}

function claim(value: string) {
  try {
    sessionStorage.setItem(EXCHANGE_TAB_KEY, value);
  } catch {
    // No storage: the tab cannot remember; it asks again next time.
  }
}

/**
 * The exchange-session banner, and the modal telling the shopper the exchange is open in
 * another tab (this tab did not open it), with a way to close the exchange session.
 */
export default function ExchangeBanner({ onClosed }: { onClosed(): void }) {
  const m = useMessages(messages);
  const pageStore = usePageStore();
  const exchange = readExchange(document.cookie);
  // What the returned item's credit pays, said while shopping (issue 42: it was said only in the cart).
  const credit = creditOf(readCookie(document.cookie, EXCHANGE_CREDIT_COOKIE));
  const value = exchange ? `${exchange.orderId}:${exchange.itemId}` : '';
  const [otherTab, setOtherTab] = useState(() => Boolean(exchange) && !ownsExchange(value));

  function closeSession() {
    // The shell's exchange saga clears the cookies and the tab's claim, and publishes `exchange/changed`.
    pageStore.store.dispatch(exchangeExitRequested({}));
    setOtherTab(false);
    onClosed();
  }

  if (!exchange) return null;
  return (
    <>
      {showExchangeBanner(exchange) ? (
        <section className="shell-banner shell-banner--exchange" aria-label={m.exchangeExit} data-testid="shell-exchange-banner">
          <p>{formatMessage(m.exchangeBanner, { orderId: exchange.orderId })}</p>
          {credit ? (
            <p data-testid="shell-exchange-credit">{formatMessage(m.exchangeCredit, { amount: formatPrice(credit.amount, credit.currencyCode) })}</p>
          ) : null}
          <button type="button" className="ui-button" onClick={closeSession}>
            {m.exchangeExit}
          </button>
        </section>
      ) : null}
      {otherTab ? (
        <Dialog
          title={m.exchangeOtherTabTitle}
          closeLabel={m.fragmentClose}
          onClose={() => {
            claim(value);
            setOtherTab(false);
          }}
          testId="shell-exchange-modal"
        >
          <p>{m.exchangeOtherTab}</p>
          <p className="shell-dialog-actions">
            <button type="button" className="ui-button" onClick={closeSession}>
              {m.exchangeExit}
            </button>
            <button
              type="button"
              className="ui-button ui-button--link"
              onClick={() => {
                claim(value);
                setOtherTab(false);
              }}
            >
              {m.exchangeContinueHere}
            </button>
          </p>
        </Dialog>
      ) : null}
    </>
  );
}

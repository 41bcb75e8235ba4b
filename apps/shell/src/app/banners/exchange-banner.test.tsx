import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { exchangeExitRequested, exchangeStartRequested, type ExchangePayload } from '@eyewear/event-bus';
import { renderShell } from '../../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

beforeEach(() => {
  jest.clearAllMocks();
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>page</h1> });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
  for (const name of ['exchange_session', 'return_mode', 'return_action', 'exchange_credit']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** The shell on a listing, in exchange mode as the account opens it in this tab (cookies, return action `exchange`, the tab's claim). */
async function inExchangeMode(credit?: { amount: number; currencyCode: string }) {
  const shell = await renderShell('/eyeglasses.html');
  await flush();
  await act(async () => {
    shell.pageStore.store.dispatch(exchangeStartRequested({ orderId: 1200001, itemId: 3, returnMode: 'pickup', ...(credit ? { credit } : {}) }));
  });
  const exchange = () => (shell.pageStore.store.getState() as { events: { 'exchange/changed'?: ExchangePayload } }).events['exchange/changed'];
  return { ...shell, exchange };
}

describe('exchange mode in the tab that opened it (issue 42)', () => {
  it('shows the exchange banner, whose button closes the exchange session', async () => {
    const { exchange } = await inExchangeMode();
    const banner = await screen.findByRole('region', { name: 'Close exchange session' });
    expect(banner).toHaveTextContent('You are exchanging an item of order 1200001');
    // This tab opened it: no "open in another tab" modal.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(within(banner).getByRole('button', { name: 'Close exchange session' }));
    expect(screen.queryByRole('region', { name: 'Close exchange session' })).not.toBeInTheDocument();
    expect(exchange()).toMatchObject({ active: false });
    expect(document.cookie).not.toMatch(/exchange_session=1200001|return_action=exchange/);
    expect(sessionStorage.getItem('shell.exchangeTab')).toBeNull();
  });

  it('says the exchange credit while the customer shops, from what the return page offered (no call of its own)', async () => {
    await inExchangeMode({ amount: 1499, currencyCode: 'INR' });
    const banner = await screen.findByRole('region', { name: 'Close exchange session' });
    expect(within(banner).getByText('Your exchange credit: ₹1,499. It pays first for what you choose; you pay only the difference.')).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Close exchange session' }));
    expect(document.cookie).not.toMatch(/exchange_credit=/);
  });

  it('says no amount for an exchange opened without one (a build before it)', async () => {
    await inExchangeMode();
    const banner = await screen.findByRole('region', { name: 'Close exchange session' });
    expect(within(banner).queryByText(/exchange credit/)).not.toBeInTheDocument();
  });

  it('drops the banner when another app ends exchange mode (an order paid with the credit)', async () => {
    const { pageStore, exchange } = await inExchangeMode();
    expect(await screen.findByRole('region', { name: 'Close exchange session' })).toBeInTheDocument();
    await act(async () => {
      pageStore.store.dispatch(exchangeExitRequested({}));
    });
    expect(screen.queryByRole('region', { name: 'Close exchange session' })).not.toBeInTheDocument();
    expect(exchange()).toMatchObject({ active: false });
  });
});

import { act, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { FakeAnswer } from '@eyewear/api-client/testing';
import { shellApi, renderShell } from '../../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

beforeEach(() => {
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>page</h1> });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
// A cart of one item with only what the banner reads (its classification), answered as the API would.
const cartWith = (classification: string) => shellApi({}, { 'cart.get': new FakeAnswer(200, { result: { items: [{ classification }] } }) });

describe('gold-added banner', () => {
  it('shows with gold_add=1 when the cart holds a loyalty_services item', async () => {
    await renderShell('/cart?gold_add=1', cartWith('loyalty_services'));
    await flush();
    expect(await screen.findByTestId('shell-gold-banner')).toHaveTextContent('Gold membership added to your cart');
  });

  it('stays hidden without gold_add=1 or without the membership in the cart', async () => {
    const api = cartWith('eyeframe');
    await renderShell('/cart?gold_add=1', api);
    await flush();
    expect(screen.queryByTestId('shell-gold-banner')).not.toBeInTheDocument();
    const other = cartWith('loyalty_services');
    await renderShell('/cart', other);
    await flush();
    expect(screen.queryByTestId('shell-gold-banner')).not.toBeInTheDocument();
    expect(other.callsTo('cart.get')).toHaveLength(0);
  });
});

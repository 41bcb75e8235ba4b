import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { renderFragment } from '@eyewear/event-bus/testing';
import type { CountryCode } from '@eyewear/i18n';
import { usePaymentMethods } from './api';
import { NON_INDIA_METHODS_DELAY_MS } from './rules';

function Methods(props: Parameters<typeof usePaymentMethods>[0]) {
  const methods = usePaymentMethods(props, 'System error occurred');
  return <output data-testid="methods">{JSON.stringify(methods)}</output>;
}
type Props = Parameters<typeof usePaymentMethods>[0];
/** The hook with each of `steps` in turn (the kit's `rerender` would drop the providers). */
function Steps({ steps }: { steps: Props[] }) {
  const [at, setAt] = useState(0);
  return (
    <>
      <Methods {...steps[at]!} />
      <button type="button" onClick={() => setAt(at + 1)}>
        next
      </button>
    </>
  );
}
const next = () => fireEvent.click(screen.getByRole('button', { name: 'next' }));
const shown = () => JSON.parse(screen.getByTestId('methods').textContent ?? '{}');
const creditCard = { code: 'cc' as const, label: 'Credit card', enabled: true };

describe('payment methods (shopping §5, §7)', () => {
  afterEach(() => jest.useRealTimers());

  it('gives non-India shoppers no payment methods after 1 s, without a call', () => {
    jest.useFakeTimers();
    const fake = fakeApi({}, { country: 'ae' });
    renderFragment(<Methods country="ae" />, { api: fake.client, country: 'ae' as CountryCode });
    expect(shown().status).toBe('loading');
    act(() => void jest.advanceTimersByTime(NON_INDIA_METHODS_DELAY_MS - 1));
    expect(shown().status).toBe('loading');
    act(() => void jest.advanceTimersByTime(1));
    expect(shown()).toEqual({ status: 'ready', list: [], error: null });
    expect(fake.calls).toEqual([]);
  });

  it('loads methods for India with the default cc,dc filter; failure sets null with the error', async () => {
    const fake = fakeApi({ 'checkout.paymentMethods': { result: { methods: [creditCard], version: 'default' as const } } });
    const first = renderFragment(<Methods country="in" />, { api: fake.client });
    await waitFor(() => expect(shown().list).toHaveLength(1));
    expect(fake.callsTo('checkout.paymentMethods')[0]!.query).toEqual({ paymentMethod: 'cc,dc' });
    first.unmount();

    fake.answer({ 'checkout.paymentMethods': fail(503, { message: 'Payments are unavailable right now' }) });
    const second = renderFragment(<Methods country="in" />, { api: fake.client });
    await waitFor(() => expect(shown()).toEqual({ status: 'failed', list: null, error: 'Payments are unavailable right now' }));
    second.unmount();

    // A failure without the server's message never shows its raw text.
    fake.answer({
      'checkout.paymentMethods': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderFragment(<Methods country="in" />, { api: fake.client });
    await waitFor(() => expect(shown()).toEqual({ status: 'failed', list: null, error: 'System error occurred' }));
  });

  it('asks the path version the page chose (v4, v5), with the order of a retry, once the settings are known', async () => {
    const fake = fakeApi({
      'checkout.paymentMethodsV4': { result: { methods: [], version: 'v4' } },
      'checkout.paymentMethodsV5': { result: { methods: [], version: 'v5' } },
    });
    const steps: Props[] = [
      { country: 'in', version: 'v4', enabled: false },
      { country: 'in', version: 'v4' },
      { country: 'in', orderId: 77, version: 'v5' },
    ];
    renderFragment(<Steps steps={steps} />, { api: fake.client });
    expect(shown().status).toBe('idle');
    expect(fake.calls).toEqual([]);
    next();
    await waitFor(() => expect(shown().status).toBe('ready'));
    next();
    await waitFor(() => expect(fake.callsTo('checkout.paymentMethodsV5')).toHaveLength(1));
    expect(fake.calls.map((c) => [c.name, c.query])).toEqual([
      ['checkout.paymentMethodsV4', { paymentMethod: 'cc,dc' }],
      ['checkout.paymentMethodsV5', { paymentMethod: 'cc,dc', orderId: '77' }],
    ]);
  });

  it('calls the path of the chosen version with the query', async () => {
    const fake = fakeApi({
      'checkout.paymentMethods': { result: { methods: [], version: 'default' } },
      'checkout.paymentMethodsV4': { result: { methods: [], version: 'v4' } },
      'checkout.paymentMethodsV5': { result: { methods: [], version: 'v5' } },
    });
    const steps: Props[] = [{ country: 'in' }, { country: 'in', orderId: 9, version: 'v4' }, { country: 'in', version: 'v5' }];
    renderFragment(<Steps steps={steps} />, { api: fake.client });
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    next();
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    next();
    await waitFor(() => expect(fake.calls).toHaveLength(3));
    expect(fake.calls.map((c) => [c.path, c.query])).toEqual([
      ['/v2/payments/methods', { paymentMethod: 'cc,dc' }],
      ['/v4/payments/methods', { paymentMethod: 'cc,dc', orderId: '9' }],
      ['/v5/payments/methods', { paymentMethod: 'cc,dc' }],
    ]);
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { coreRoutes } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { useQuery } from './query';
import { renderPage } from './testing';

function Country({ initial = 'in' }: { initial?: string }) {
  const [code, setCode] = useState(initial);
  const { status, data, reload } = useQuery(coreRoutes.countryData, { params: { code } });
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="data">{data ? JSON.stringify(data) : ''}</p>
      <button type="button" onClick={() => setCode('ae')}>
        UAE
      </button>
      <button type="button" onClick={reload}>
        Try again
      </button>
    </div>
  );
}

describe('useQuery', () => {
  it('loads, then shows the answer', async () => {
    const api = fakeApi({ 'utility.countryData': ({ params }) => ({ code: params.code }) as never });
    renderPage(<Country />, { api: api.client });
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    expect(screen.getByTestId('data')).toHaveTextContent('{"code":"in"}');
  });

  it('fails, and loads again on reload', async () => {
    const api = fakeApi({ 'utility.countryData': fail(503) });
    renderPage(<Country />, { api: api.client });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('failed'));
    api.answer({ 'utility.countryData': { code: 'in' } as never });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    expect(api.callsTo('utility.countryData')).toHaveLength(2);
  });

  it('drops the answer of a key it left: a slow first load never overwrites the second', async () => {
    let answerIndia: (value: never) => void = () => undefined;
    const api = fakeApi({
      'utility.countryData': ({ params }) => (params.code === 'in' ? new Promise((resolve) => (answerIndia = resolve)) : ({ code: 'ae' } as never)),
    });
    renderPage(<Country />, { api: api.client });
    fireEvent.click(screen.getByRole('button', { name: 'UAE' }));
    await waitFor(() => expect(screen.getByTestId('data')).toHaveTextContent('"ae"'));
    await act(async () => answerIndia({ code: 'in' } as never));
    expect(screen.getByTestId('data')).toHaveTextContent('"ae"');
  });

  it('aborts its request when the component leaves', async () => {
    const api = fakeApi({ 'utility.countryData': () => new Promise(() => undefined) });
    const view = renderPage(<Country />, { api: api.client });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.signal?.aborted).toBe(false);
    view.unmount();
    expect(api.calls[0]?.signal?.aborted).toBe(true);
  });
});

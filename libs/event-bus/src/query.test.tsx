import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { coreRoutes, type ApiClient, type AppBuild } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { I18nProvider } from '@eyewear/i18n';
import { ApiClientProvider, queryKey, useApiClient, useQuery } from './query';
import { PREFETCH_FRESH_MS, QueryCache, RenderEnvProvider, type RenderEnv } from './render-env';
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

  describe('a read the shell started early (on intent, at the route change)', () => {
    const key = queryKey(coreRoutes.countryData, { params: { code: 'in' } });
    const envWith = (queries: QueryCache): RenderEnv => ({ server: false, userAgent: '', mobile: false, queries });
    const page = (queries: QueryCache) => (
      <RenderEnvProvider env={envWith(queries)}>
        <Country />
      </RenderEnvProvider>
    );

    it('shows its answer on the first render, without a loading state or a call of its own', async () => {
      const api = fakeApi({ 'utility.countryData': { code: 'xx' } as never });
      const queries = new QueryCache();
      queries.prefetch(key, async () => ({ code: 'in' }));
      await act(async () => undefined);
      renderPage(page(queries), { api: api.client });
      expect(screen.getByTestId('status')).toHaveTextContent('ready');
      expect(screen.getByTestId('data')).toHaveTextContent('{"code":"in"}');
      await act(async () => undefined);
      expect(api.calls).toHaveLength(0);
    });

    it('waits for it while it is on its way (one request in all), and reads afresh the next time', async () => {
      const api = fakeApi({ 'utility.countryData': { code: 'fresh' } as never });
      const queries = new QueryCache();
      let answer: (value: unknown) => void = () => undefined;
      queries.prefetch(key, () => new Promise((resolve) => (answer = resolve)));
      const view = renderPage(page(queries), { api: api.client });
      expect(screen.getByTestId('status')).toHaveTextContent('loading');
      await act(async () => answer({ code: 'early' }));
      await waitFor(() => expect(screen.getByTestId('data')).toHaveTextContent('{"code":"early"}'));
      expect(api.calls).toHaveLength(0);
      view.unmount();
      renderPage(page(queries), { api: api.client });
      await waitFor(() => expect(screen.getByTestId('data')).toHaveTextContent('{"code":"fresh"}'));
      expect(api.calls).toHaveLength(1);
    });

    it('reads again when the early read failed', async () => {
      const api = fakeApi({ 'utility.countryData': { code: 'in' } as never });
      const queries = new QueryCache();
      queries.prefetch(key, () => Promise.reject(new Error('offline')));
      renderPage(page(queries), { api: api.client });
      await waitFor(() => expect(screen.getByTestId('data')).toHaveTextContent('{"code":"in"}'));
      expect(api.calls).toHaveLength(1);
    });

    it('is not asked twice while fresh, and is not used once stale', async () => {
      const queries = new QueryCache();
      const run = jest.fn(async () => ({ code: 'in' }));
      queries.prefetch(key, run, 1_000);
      queries.prefetch(key, run, 2_000);
      expect(run).toHaveBeenCalledTimes(1);
      await act(async () => undefined);
      expect(queries.peekEarly(key, 1_000 + PREFETCH_FRESH_MS - 1)?.settled).toEqual({ ok: true, data: { code: 'in' } });
      expect(queries.peekEarly(key, 1_000 + PREFETCH_FRESH_MS)).toBeUndefined();
      queries.prefetch(key, run, 1_000 + PREFETCH_FRESH_MS);
      expect(run).toHaveBeenCalledTimes(2);
    });

    it("is not asked for a key the server's answer seeded", () => {
      const queries = new QueryCache({ [key]: { code: 'in' } });
      const run = jest.fn(async () => ({ code: 'in' }));
      queries.prefetch(key, run);
      expect(run).not.toHaveBeenCalled();
    });
  });
});

describe('ApiClientProvider', () => {
  const catalog: AppBuild = { app: 'catalog', version: () => '2.0.0' };
  function Made({ make }: { make?: (country: string, build?: AppBuild) => ApiClient }) {
    const client = useApiClient(make);
    return <p data-testid="client">{(client as ApiClient & { label?: string }).label}</p>;
  }
  const labelled = (label: string) => ({ label }) as unknown as ApiClient;

  it("gives a remote's area its build: the page's clientFor and a remote's own client are made for it", () => {
    const asked: [string, string | undefined][] = [];
    const clientFor = (country: string, build?: AppBuild) => {
      asked.push([country, build?.app]);
      return labelled(`page ${build?.app ?? 'none'}`);
    };
    render(
      <I18nProvider country="sg">
        <ApiClientProvider clientFor={clientFor}>
          <Made />
          <ApiClientProvider build={catalog}>
            <Made />
            <Made make={(country, build) => labelled(`own ${country} ${build?.app}@${build?.version()}`)} />
          </ApiClientProvider>
        </ApiClientProvider>
      </I18nProvider>,
    );
    expect(screen.getAllByTestId('client').map((node) => node.textContent)).toEqual(['page none', 'page catalog', 'own sg catalog@2.0.0']);
    expect(asked).toEqual([
      ['sg', undefined],
      ['sg', 'catalog'],
    ]);
  });

  it('keeps a provided client (a test’s, the server’s) inside an area that names its build', () => {
    render(
      <I18nProvider country="in">
        <ApiClientProvider client={labelled('server')}>
          <ApiClientProvider build={catalog}>
            <Made make={() => labelled('own')} />
          </ApiClientProvider>
        </ApiClientProvider>
      </I18nProvider>,
    );
    expect(screen.getByTestId('client')).toHaveTextContent('server');
  });
});

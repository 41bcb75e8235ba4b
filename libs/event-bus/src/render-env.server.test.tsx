/** @jest-environment node */
import { Writable } from 'node:stream';
import { createSlice } from '@reduxjs/toolkit';
import { Suspense, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { useSelector } from 'react-redux';
import { call, put, takeLatest } from 'redux-saga/effects';
import { coreRoutes } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { I18nProvider } from '@eyewear/i18n';
import { ApiClientProvider, useQuery } from './query';
import { PageStoreProvider } from './react';
import { lazyComponent, preloadLazyComponents, QueryCache, RenderEnvProvider, useServerLoad, type RenderEnv } from './render-env';
import { createPageStore, type PageStore } from './store';

/** Renders as the edge does: waits for every Suspense boundary, then the whole HTML. */
function renderOnServer(ui: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        done();
        resolve(html);
      },
    });
    const stream = renderToPipeableStream(ui, { onAllReady: () => stream.pipe(sink), onShellError: reject });
  });
}

const serverEnv = (): RenderEnv => ({ server: true, userAgent: 'test', mobile: false, queries: new QueryCache(), lazies: new Set() });

function Providers({ env, pageStore, api, children }: { env: RenderEnv; pageStore: PageStore; api: ReturnType<typeof fakeApi>; children: ReactElement }) {
  return (
    <RenderEnvProvider env={env}>
      <PageStoreProvider pageStore={pageStore}>
        <I18nProvider country="in">
          <ApiClientProvider client={api.client}>
            <Suspense fallback={<p>loading</p>}>{children}</Suspense>
          </ApiClientProvider>
        </I18nProvider>
      </PageStoreProvider>
    </RenderEnvProvider>
  );
}

function Country() {
  const { status, data } = useQuery(coreRoutes.countryData, { params: { code: 'sg' } });
  return <p>{`${status}: ${data ? JSON.stringify(data) : 'nothing'}`}</p>;
}

describe('a server render', () => {
  it('waits for a read: the HTML has the answer, and the cache hands it to the browser', async () => {
    const api = fakeApi({ 'utility.countryData': ({ params }) => ({ code: params.code }) as never });
    const env = serverEnv();
    const html = await renderOnServer(
      <Providers env={env} pageStore={createPageStore()} api={api}>
        <Country />
      </Providers>,
    );
    expect(html).toContain('<p>ready: {&quot;code&quot;:&quot;sg&quot;}</p>');
    expect(api.callsTo('utility.countryData')).toHaveLength(1);
    expect(Object.values(env.queries.toJSON())).toEqual([{ code: 'sg' }]);
  });

  it('renders a failed read as loading and sends nothing for it (the browser loads it)', async () => {
    const api = fakeApi({ 'utility.countryData': () => Promise.reject(new Error('down')) });
    const env = serverEnv();
    const html = await renderOnServer(
      <Providers env={env} pageStore={createPageStore()} api={api}>
        <Country />
      </Providers>,
    );
    expect(html).toContain('<p>loading: nothing</p>');
    expect(env.queries.toJSON()).toEqual({});
  });

  it('waits for a saga-driven load, once however often the component renders', async () => {
    const slice = createSlice({
      name: 'things',
      initialState: { status: 'idle' as string, names: [] as string[] },
      reducers: {
        load: (state) => {
          state.status = 'loading';
        },
        loaded: (state, action: { payload: string[] }) => {
          state.status = 'ready';
          state.names = action.payload;
        },
      },
    });
    let fetched = 0;
    function* saga() {
      yield takeLatest(slice.actions.load.type, function* () {
        const names: string[] = yield call(async () => {
          fetched += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return ['Rowan', 'Aster'];
        });
        yield put(slice.actions.loaded(names));
      });
    }
    function Things() {
      useServerLoad<{ things: { status: string } }>({
        key: 'things',
        saga,
        sagaKey: 'things',
        deps: {},
        action: slice.actions.load,
        done: (state) => state.things.status === 'ready',
      });
      const names = useSelector((state: { things: { names: string[] } }) => state.things.names);
      return <p>{names.join(', ') || 'none'}</p>;
    }
    const pageStore = createPageStore({ things: slice.reducer });
    const html = await renderOnServer(
      <Providers env={serverEnv()} pageStore={pageStore} api={fakeApi({})}>
        <>
          <Things />
          <Things />
        </>
      </Providers>,
    );
    expect(html).toContain('Rowan, Aster');
    expect(fetched).toBe(1);
    expect(pageStore.store.getState()).toMatchObject({ things: { status: 'ready' } });
  });

  it('records the lazy components it rendered; the browser loads them, nested ones included, before hydrating', async () => {
    const loads: string[] = [];
    const Inner = lazyComponent('test/Inner', async () => {
      loads.push('inner');
      return { default: () => <em>inner</em> };
    });
    const Outer = lazyComponent('test/Outer', async () => {
      loads.push('outer');
      return {
        default: () => (
          <b>
            outer <Inner />
          </b>
        ),
      };
    });
    const env = serverEnv();
    const html = await renderOnServer(
      <Providers env={env} pageStore={createPageStore()} api={fakeApi({})}>
        <Outer />
      </Providers>,
    );
    expect(html).toContain('<b>outer <em>inner</em></b>');
    expect([...(env.lazies ?? [])].sort()).toEqual(['test/Inner', 'test/Outer']);
    // Loaded once each, whoever asks again.
    await preloadLazyComponents(['test/Outer', 'test/Inner', 'test/Unknown']);
    expect(loads).toEqual(['outer', 'inner']);
  });
});

describe('a page store started from the server state', () => {
  it("keeps a remote's slice state until the slice is injected, which then starts from it", () => {
    const slice = createSlice({ name: 'remoteThing', initialState: { count: 0 }, reducers: { add: (state) => void (state.count += 1) } });
    const pageStore = createPageStore({}, { remoteThing: { count: 5 } });
    pageStore.store.dispatch({ type: 'something/else' });
    expect((pageStore.store.getState() as Record<string, unknown>).remoteThing).toEqual({ count: 5 });
    const injected = slice.injectInto(pageStore.rootReducer);
    pageStore.store.dispatch(slice.actions.add());
    expect(injected.selectSlice(pageStore.store.getState() as never)).toEqual({ count: 6 });
  });
});

import { act } from '@testing-library/react';
import { createSlice } from '@reduxjs/toolkit';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useSelector } from 'react-redux';
import { I18nProvider } from '@eyewear/i18n';
import { PageStoreProvider } from './react';
import { QueryCache, RenderEnvProvider, useServerLoad, type RenderEnv } from './render-env';
import { createPageStore, type PageStore } from './store';

const slice = createSlice({
  name: 'page',
  initialState: { status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed' },
  reducers: { load: (state) => void (state.status = 'loading') },
});

const loads: string[] = [];

function Page({ needed }: { needed?: (state: { page: { status: string } }) => boolean }) {
  useServerLoad<{ page: { status: string } }>({
    key: 'page',
    needed,

    saga: function* () {
      return undefined;
    },
    sagaKey: 'page',
    deps: {},
    action: () => {
      loads.push('load');
      return slice.actions.load();
    },
    // A failed load is done too: the server stops waiting for it.
    done: (state) => state.page.status === 'ready' || state.page.status === 'failed',
  });
  const status = useSelector((state: { page: { status: string } }) => state.page.status);
  return <p>{status}</p>;
}

const browserEnv = (): RenderEnv => ({ server: false, userAgent: 'test', mobile: false, queries: new QueryCache() });

function tree(pageStore: PageStore, pages = <Page />) {
  return (
    <RenderEnvProvider env={browserEnv()}>
      <PageStoreProvider pageStore={pageStore}>
        <I18nProvider country="in">{pages}</I18nProvider>
      </PageStoreProvider>
    </RenderEnvProvider>
  );
}

describe('useServerLoad in the browser', () => {
  beforeEach(() => {
    loads.length = 0;
    document.body.innerHTML = '';
  });

  it('does not load again what the server loaded, when it hydrates the server HTML', async () => {
    const pageStore = createPageStore({ page: slice.reducer }, { page: { status: 'ready' } });
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(createPageStore({ page: slice.reducer }, { page: { status: 'ready' } })));
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, tree(pageStore));
    });
    expect(container.textContent).toBe('ready');
    expect(loads).toEqual([]);
  });

  it('loads when mounted later, even with a finished load in the state (a retry after a failure)', async () => {
    const pageStore = createPageStore({ page: slice.reducer }, { page: { status: 'failed' } });
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(tree(pageStore));
    });
    expect(loads).toEqual(['load']);
    expect(container.textContent).toBe('loading');
  });

  it('with `needed`, a load several components share is asked for once, and not again once done', async () => {
    const onlyIdle = (state: { page: { status: string } }) => state.page.status === 'idle';
    const pageStore = createPageStore({ page: slice.reducer });
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(
        tree(
          pageStore,
          <>
            <Page needed={onlyIdle} />
            <Page needed={onlyIdle} />
          </>,
        ),
      );
    });
    expect(loads).toEqual(['load']);

    const done = createPageStore({ page: slice.reducer }, { page: { status: 'ready' } });
    const later = document.createElement('div');
    document.body.append(later);
    await act(async () => {
      createRoot(later).render(tree(done, <Page needed={onlyIdle} />));
    });
    expect(loads).toEqual(['load']);
  });
});

import { screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { buildHeaderValue, coreRoutes } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { resetFederationForTests } from '@eyewear/federation';
import { REMOTES_JSON, remotesJson, renderShell, shellApi } from '../testing/render-shell';
import { remoteBuild, SHELL_BUILD } from './builds';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

/** remotes.json with a catalog canary that every shopper gets. */
const WITH_CANARY = {
  ...REMOTES_JSON,
  remotes: {
    ...REMOTES_JSON.remotes,
    catalog: {
      stable: { version: '1.0.0', entry: '/remotes/catalog/1.0.0/mf-manifest.json' },
      canary: { version: '1.1.0', entry: '/remotes/catalog/1.1.0/mf-manifest.json', percent: 100 },
    },
  },
};

/** A catalog page that calls the API with the client the page gives it (as the remotes do). */
function CallingPage() {
  const api = useApiClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    void api.call(coreRoutes.countryData, { params: { code: 'in' } }).finally(() => setDone(true));
  }, [api]);
  return <h1>{done ? 'called' : 'calling'}</h1>;
}

const sent: Record<string, string>[] = [];

beforeEach(() => {
  resetFederationForTests();
  sent.length = 0;
  document.cookie = 'clientV1_in_active=1';
  (registerRemotes as jest.Mock).mockImplementation(() => undefined);
  (loadRemote as jest.Mock).mockImplementation(async () => ({ default: CallingPage }));
  globalThis.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(init?.headers as Record<string, string>);
    return { ok: true, status: 200, text: async () => '{"result":{}}' } as Response;
  }) as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('whose build an API call names (x-eyewear-build)', () => {
  it("a remote's area calls with the build this page view chose for it", async () => {
    await renderShell('/', shellApi(), remotesJson(WITH_CANARY));
    expect(await screen.findByRole('heading', { name: 'called' })).toBeInTheDocument();
    expect(sent.map((headers) => headers['x-eyewear-build'])).toEqual(['catalog@1.1.0']);
    expect(buildHeaderValue(remoteBuild('catalog'))).toBe('catalog@1.1.0');
    expect(remoteBuild('catalog')).toBe(remoteBuild('catalog'));
  });

  it('the shell names the build the edge wrote into the page, and none without it', () => {
    expect(buildHeaderValue(SHELL_BUILD)).toBeNull();
    const meta = document.createElement('meta');
    meta.name = 'eyewear-shell';
    meta.content = '5.0.0';
    document.head.append(meta);
    try {
      expect(buildHeaderValue(SHELL_BUILD)).toBe('shell@5.0.0');
    } finally {
      meta.remove();
    }
  });
});

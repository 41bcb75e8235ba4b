/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { ApiError, type ApiClient } from './client';
import { forgetSettings, loadSettings, settingOn, useRemoteSettings, type RemoteSettings } from './settings';

/** A client whose settings call answers what the test says, counting the calls. */
function fakeClient(answer: () => Promise<{ result: RemoteSettings }>) {
  const call = jest.fn((route: { path: string }) => {
    if (route.path !== '/v2/config/settings') throw new Error(`unexpected ${route.path}`);
    return answer();
  });
  return { client: { call } as unknown as Pick<ApiClient, 'call'>, call };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => forgetSettings());

describe('remote settings', () => {
  it('fetches once per page and country: callers at once and later share the answer', async () => {
    const { client, call } = fakeClient(async () => ({ result: { ENABLE_CYGNUS: true } }));
    const [a, b] = await Promise.all([loadSettings(client, 'in'), loadSettings(client, 'in')]);
    expect(a).toEqual({ ENABLE_CYGNUS: true });
    expect(b).toBe(a);
    await loadSettings(client, 'in');
    expect(call).toHaveBeenCalledTimes(1);
    // Another client (another app's bundle) on the same page reuses the same answer.
    const other = fakeClient(async () => ({ result: {} }));
    await expect(loadSettings(other.client, 'in')).resolves.toBe(a);
    expect(other.call).not.toHaveBeenCalled();
    await loadSettings(other.client, 'ae');
    expect(other.call).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next caller tries again', async () => {
    let fail = true;
    const { client, call } = fakeClient(async () => {
      if (fail) throw new ApiError(503, null, 'down');
      return { result: { STUDIO_FLOW: { enable: 'ON' } } };
    });
    await expect(loadSettings(client, 'in')).rejects.toThrow('down');
    fail = false;
    await expect(loadSettings(client, 'in')).resolves.toEqual({ STUDIO_FLOW: { enable: 'ON' } });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('reads switches: enable ON, ON or true are on; the rest off', () => {
    expect(settingOn({ A: { enable: 'ON' } }, 'A')).toBe(true);
    expect(settingOn({ A: 'ON' }, 'A')).toBe(true);
    expect(settingOn({ A: true }, 'A')).toBe(true);
    expect(settingOn({ A: { enable: 'OFF' } }, 'A')).toBe(false);
    expect(settingOn({ A: false }, 'A')).toBe(false);
    expect(settingOn({}, 'A')).toBe(false);
    expect(settingOn(null, 'A')).toBe(false);
  });
});

function Probe({ client }: { client: Pick<ApiClient, 'call'> }) {
  const settings = useRemoteSettings('in', client);
  return <output>{settings === null ? 'loading' : JSON.stringify(settings)}</output>;
}

describe('useRemoteSettings', () => {
  it('is null while loading, then the settings; a second component gets them at once', async () => {
    const answer = deferred<{ result: RemoteSettings }>();
    const { client, call } = fakeClient(() => answer.promise);
    const first = render(<Probe client={client} />);
    expect(screen.getByRole('status')).toHaveTextContent('loading');
    await act(async () => answer.resolve({ result: { ENABLE_CYGNUS: true } }));
    expect(screen.getByRole('status')).toHaveTextContent('{"ENABLE_CYGNUS":true}');
    first.unmount();
    render(<Probe client={client} />);
    expect(screen.getByRole('status')).toHaveTextContent('{"ENABLE_CYGNUS":true}');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('gives an empty set when the settings cannot be fetched (every reader uses its default)', async () => {
    const { client } = fakeClient(async () => {
      throw new ApiError(500, null, 'boom');
    });
    render(<Probe client={client} />);
    expect(await screen.findByText('{}')).toBeInTheDocument();
  });
});

import { loadRemote } from '@module-federation/enhanced/runtime';
import { answerRemotesJson } from '../testing/render-shell';
import { createAreaLoader } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

describe('area loader', () => {
  it('preloads in the background without the progress bar, and counts the load once a page waits for it', async () => {
    answerRemotesJson();
    let finish!: (module: unknown) => void;
    (loadRemote as jest.Mock).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const loader = createAreaLoader(jest.fn());
    const preload = loader.loadModule('account', './AccountPage', { background: true });
    expect(loader.pending.count()).toBe(0);
    const page = loader.loadModule('account', './AccountPage');
    expect(page).toBe(preload);
    expect(loader.pending.count()).toBe(1);
    loader.loadModule('account', './AccountPage');
    expect(loader.pending.count()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish({ default: () => null });
    await page;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loader.pending.count()).toBe(0);
    // A module already there costs no progress.
    loader.loadModule('account', './AccountPage');
    expect(loader.pending.count()).toBe(0);
    expect((page as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });
});

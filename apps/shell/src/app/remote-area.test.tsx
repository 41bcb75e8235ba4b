import { screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { answerRemotesJson, fakeApi, renderShell } from '../testing/render-shell';
import { crashMessage } from './remote-area';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Broken(): never {
  throw new Error('page exploded');
}

beforeEach(() => {
  jest.clearAllMocks();
  answerRemotesJson();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockedLoadRemote.mockResolvedValue({ default: Broken });
});

const settingsCalls = (api: ReturnType<typeof fakeApi>) => api.call.mock.calls.filter(([route]) => (route as { name: string }).name === 'content.settings');

describe('render error boundary (shopping §8)', () => {
  it('shows the alert message configured in the remote settings, read once for the page', async () => {
    const api = fakeApi({}, { 'content.settings': () => ({ result: { ERROR_BOUNDARY_MESSAGE: 'This part is resting. Try again soon.' } }) });
    await renderShell('/HTO', api);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('This part is resting. Try again soon.'));
    expect(alert).toHaveTextContent('Something went wrong here');
    // Header fragments and the page are all areas: the settings are fetched once.
    expect(settingsCalls(api)).toHaveLength(1);
  });

  it('shows no message when the setting is configured empty (title and retry stay)', async () => {
    await renderShell('/HTO', fakeApi({}, { 'content.settings': () => ({ result: { ERROR_BOUNDARY_MESSAGE: '' } }) }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.querySelector('p')).toBeNull());
    expect(alert).toHaveTextContent('Something went wrong here');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the built-in message when the settings cannot be read', async () => {
    await renderShell('/HTO', fakeApi({}, { 'content.settings': () => Promise.reject(new Error('503')) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not show this part of the page. The rest of the store still works.');
    expect(crashMessage(null, 'built in')).toBe('built in');
    expect(crashMessage({ ERROR_BOUNDARY_MESSAGE: 42 }, 'built in')).toBe('built in');
  });
});

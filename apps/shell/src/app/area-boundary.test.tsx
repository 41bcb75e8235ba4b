import { act, render, screen } from '@testing-library/react';
import { RemoteLoadError } from '@eyewear/federation';
import { AreaBoundary } from './area-boundary';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

function renderBoundary(error: unknown, onArrival: () => void) {
  return render(
    <AreaBoundary
      remote="catalog"
      expose="./HomePage"
      report={jest.fn()}
      onRetry={jest.fn()}
      onArrival={onArrival}
      fallback={({ kind }) => <p role="alert">{kind}</p>}
    >
      <Throws error={error} />
    </AreaBoundary>,
  );
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('AreaBoundary and a module that missed its deadline', () => {
  it('asks for the module once it arrives, even when it arrived before the fallback was on screen', async () => {
    // On a starved CPU the module can arrive between the deadline and the fallback's commit:
    // nothing may depend on hearing of the arrival after the fallback mounted.
    const arrival = Promise.resolve({ default: () => null });
    await arrival;
    const onArrival = jest.fn();
    renderBoundary(new RemoteLoadError('catalog', './HomePage', 'timeout', 'catalog did not load within 2500 ms', arrival), onArrival);
    expect(screen.getByRole('alert')).toHaveTextContent('slow');
    await flush();
    expect(onArrival).toHaveBeenCalledTimes(1);
  });

  it('asks when the module arrives later', async () => {
    let arrive!: (module: unknown) => void;
    const arrival = new Promise((resolve) => (arrive = resolve));
    const onArrival = jest.fn();
    renderBoundary(new RemoteLoadError('catalog', './HomePage', 'timeout', 'late', arrival), onArrival);
    await flush();
    expect(onArrival).not.toHaveBeenCalled();
    await act(async () => arrive({ default: () => null }));
    expect(onArrival).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the late load fails, when the load failed outright, or after the area is gone', async () => {
    const onArrival = jest.fn();
    const failedLate = Promise.reject(new Error('ChunkLoadError'));
    failedLate.catch(() => undefined);
    renderBoundary(new RemoteLoadError('catalog', './HomePage', 'timeout', 'late', failedLate), onArrival).unmount();
    renderBoundary(new RemoteLoadError('catalog', './HomePage', 'load', 'entry answered 503'), onArrival).unmount();
    let arrive!: (module: unknown) => void;
    const arrival = new Promise((resolve) => (arrive = resolve));
    renderBoundary(new RemoteLoadError('catalog', './HomePage', 'timeout', 'late', arrival), onArrival).unmount();
    await act(async () => arrive({ default: () => null }));
    await flush();
    expect(onArrival).not.toHaveBeenCalled();
  });
});

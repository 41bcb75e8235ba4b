// The API's render version as the edge keeps it (createVersionCache).
import { createVersionCache } from './version-cache';

describe('the render version as the edge keeps it', () => {
  it('asks once for the requests of its time, again after it or after a write, and keeps no non-answer', async () => {
    let clock = 0;
    const answers: (string | null)[] = ['v1', 'v2', null, 'v3'];
    const ask = jest.fn(async (): Promise<string | null> => answers.shift() ?? null);
    const versions = createVersionCache({ ask, ttlMs: 1000, now: () => clock });
    expect(await Promise.all([versions.get(), versions.get(), versions.get()])).toEqual(['v1', 'v1', 'v1']);
    expect(ask).toHaveBeenCalledTimes(1);
    clock = 999;
    expect(await versions.get()).toBe('v1');
    // A write passed on to the API: the next page asks again, whatever the time.
    versions.forget();
    expect(await versions.get()).toBe('v2');
    clock = 2000;
    // The API did not say: not kept, the next request asks again.
    expect(await versions.get()).toBeNull();
    expect(await versions.get()).toBe('v3');
    expect(ask).toHaveBeenCalledTimes(4);
  });
});

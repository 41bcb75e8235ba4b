/** @jest-environment node */
import { createInstance } from '@module-federation/enhanced/runtime';
import { federationPlugins } from './runtime';

/** The real runtime with the real retry plugin: how many requests one manifest fetch makes. */
describe("the runtime's plugins", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("fetch a remote's manifest once (the runtime calls every plugin's fetch hook), and still retry it once when it fails", async () => {
    const instance = createInstance({ name: 'runtime_plugins_test', remotes: [], plugins: federationPlugins() });
    const fetched: string[] = [];
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      fetched.push(String(url));
      return new Response('{"metaData":{}}', { status: 200 });
    }) as unknown as typeof fetch;
    const url = '/remotes/product/1.0.0/mf-manifest.json';
    const answer = await instance.loaderHook.lifecycle.fetch.emit(url, {});
    expect(answer).toBeInstanceOf(Response);
    expect(fetched).toEqual([url]);

    fetched.length = 0;
    const answers = [new Response('', { status: 503 }), new Response('{}', { status: 200 })];
    global.fetch = jest.fn(async (request: string | URL | Request) => {
      fetched.push(String(request));
      return answers.shift()!;
    }) as unknown as typeof fetch;
    const retried = (await instance.loaderHook.lifecycle.fetch.emit(url, {})) as Response;
    expect(retried.status).toBe(200);
    expect(fetched).toEqual([url, url]);
  });

  it("keep the retry plugin's retry of a remote entry's script", () => {
    const retry = federationPlugins().find((plugin) => plugin.name === 'retry-plugin');
    expect(retry?.loadEntryError).toEqual(expect.any(Function));
    expect(retry?.fetch).toBeUndefined();
  });
});

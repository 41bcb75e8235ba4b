import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTracer, formatTraceparent, otlpTracesUrl, parseTraceparent, randomId } from './tracing';

describe('traceparent', () => {
  it('reads and writes the W3C header', () => {
    const header = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const context = parseTraceparent(header);
    expect(context).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true });
    expect(formatTraceparent(context!)).toBe(header);
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')?.sampled).toBe(false);
  });

  it('refuses malformed, all-zero and version ff headers', () => {
    for (const bad of [
      undefined,
      '',
      'nonsense',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
    ]) {
      expect(parseTraceparent(bad)).toBeNull();
    }
  });

  it('draws ids of the right length', () => {
    expect(randomId(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(randomId(8)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('the tracer', () => {
  it('is off, and starts nothing, without an OTLP endpoint', () => {
    const tracer = createTracer({ service: 'test', env: {} });
    expect(tracer.enabled).toBe(false);
    expect(tracer.start('GET /x')).toBeNull();
  });

  it('takes the endpoint from the standard variables', () => {
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/v1/t', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' })).toBe('http://c/v1/t');
  });

  it('sends finished spans to an OTLP/HTTP receiver as JSON, children under their parent', async () => {
    const bodies: { url: string; headers: Record<string, unknown>; body: unknown }[] = [];
    const receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        bodies.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    try {
      const { port } = receiver.address() as AddressInfo;
      const tracer = createTracer({
        service: 'api',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20t' },
      });
      const incoming = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
      const route = tracer.start('GET /v2/products/:id', { parent: incoming, kind: 'server', attributes: { 'http.route': '/v2/products/:id' } });
      const query = tracer.start('db.query', { parent: route!.context, kind: 'client' });
      query!.end();
      route!.end('500');
      expect(tracer.start('x', { parent: { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), sampled: false } })).toBeNull();
      await tracer.flush();
      expect(bodies).toHaveLength(1);
      expect(bodies[0]?.url).toBe('/v1/traces');
      expect(bodies[0]?.headers['authorization']).toBe('Bearer t');
      const sent = bodies[0]?.body as {
        resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: Record<string, unknown>[] }[] }[];
      };
      expect(sent.resourceSpans[0]?.resource.attributes[0]).toEqual({ key: 'service.name', value: { stringValue: 'api' } });
      const spans = sent.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
      expect(spans.map((span) => span['name'])).toEqual(['db.query', 'GET /v2/products/:id']);
      expect(spans[1]).toMatchObject({ traceId: incoming?.traceId, parentSpanId: incoming?.spanId, kind: 2, status: { code: 2, message: '500' } });
      expect(spans[0]).toMatchObject({ traceId: incoming?.traceId, parentSpanId: route?.context.spanId, kind: 3 });
      expect(BigInt(spans[1]?.['endTimeUnixNano'] as string) >= BigInt(spans[1]?.['startTimeUnixNano'] as string)).toBe(true);
      await tracer.close();
    } finally {
      receiver.close();
    }
  });

  it('sends what waits when closed, and nothing afterwards: no timer, no export, no log', async () => {
    let posts = 0;
    const receiver = createServer((req, res) => {
      posts += 1;
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const lines: string[] = [];
    const { port } = receiver.address() as AddressInfo;
    const tracer = createTracer({
      service: 'api',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
      flushEveryMs: 20,
      log: (line) => lines.push(line),
    });
    const late = tracer.start('GET /late');
    tracer.start('GET /x')?.end();
    await tracer.close();
    expect(posts).toBe(1);
    await new Promise<void>((done) => receiver.close(() => done()));
    late?.end();
    expect(tracer.start('GET /y')).toBeNull();
    // Several batch periods later, the receiver gone: nothing was sent, so nothing failed.
    await new Promise((done) => setTimeout(done, 100));
    await tracer.flush();
    expect(lines).toEqual([]);
  });
});

// API load on loopback: autocannon, 50 connections, 10 s per call.
import autocannon from 'autocannon';

export async function loadTest(url, { connections = 50, duration = 10, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
  };
}

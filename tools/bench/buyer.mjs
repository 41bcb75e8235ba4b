// Who buys in the tools' own loads (the bench's "My orders" customer, the cluster's failover
// buyers): a test card the simulated gateway accepts and an Indian address it delivers to.

/** A card the simulated gateway approves (Luhn-valid, never expiring in a run). */
export const TEST_CARD = { number: '4111111111111111', nameOnCard: 'Bench Buyer', expiryMonth: 12, expiryYear: 2099, cvv: '123' };

/** A delivery address in Bengaluru (its pincode is served). */
export const TEST_ADDRESS = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench@example.com',
  phone: '9876543210',
  addressline1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postcode: '560001',
  country: 'in',
};

/**
 * A shopper over fetch: its own cookie jar, as a browser keeps one; `call` answers the status and
 * the JSON body (null when there is none). What the tools' loads buy and read with.
 * @param {string} baseUrl
 * @param {{ timeoutMs?: number }} [options]
 */
export function shopper(baseUrl, { timeoutMs } = {}) {
  const jar = new Map();
  /** @param {string} method @param {string} path @param {unknown} [body] @param {Record<string, string>} [headers] */
  return async function call(method, path, body, headers = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'x-country-code': 'in',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      jar.set(name.trim(), rest.join('='));
    }
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, json };
  };
}

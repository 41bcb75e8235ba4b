/**
 * The five remotes of the storefront. `id` names the app folder, the deploy folder and the
 * key in remotes.json; `container` is the Module Federation container name (an identifier,
 * so no dash).
 */
export const REMOTES = {
  catalog: { id: 'catalog', container: 'catalog' },
  product: { id: 'product', container: 'product' },
  'cart-checkout': { id: 'cart-checkout', container: 'cart_checkout' },
  account: { id: 'account', container: 'account' },
  appointments: { id: 'appointments', container: 'appointments' },
} as const;

export type RemoteId = keyof typeof REMOTES;
export const REMOTE_IDS = Object.keys(REMOTES) as RemoteId[];

export function isRemoteId(value: unknown): value is RemoteId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(REMOTES, value);
}

export function containerName(remote: RemoteId): string {
  return REMOTES[remote].container;
}

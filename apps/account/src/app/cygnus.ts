import { settingOn, type RemoteSettings } from '@eyewear/api-client';

/** The cygnus setting ENABLE_CYGNUS hides the face-profile entry of the account's menus (account §2). */
export function cygnusEnabled(settings: RemoteSettings | null): boolean {
  return settingOn(settings, 'ENABLE_CYGNUS');
}

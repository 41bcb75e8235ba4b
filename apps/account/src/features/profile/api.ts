import { useMemo } from 'react';
import {
  accountRoutes,
  addressRoutes,
  faceProfileRoutes,
  moneyRoutes,
  savedCardRoutes,
  subscriptionRoutes,
  type AddressInput,
  type ApiClient,
  type FaceOnPhoto,
} from '@eyewear/api-client';
import { useApiClient, useQuery } from '@eyewear/event-bus';
import { formOf } from '../../app/form-data';

/** The changes of the account's own data (details, contacts, addresses, cards, face profiles, store credit), over the page's client. */
function profileApi(client: ApiClient) {
  const a = accountRoutes;
  return {
    updateUser: (body: Record<string, string>) => client.call(a.updateUserInfo, { body }),
    confirmContact: (contact: 'email' | 'telephone', code: string) => client.call(a.confirmContact, { body: { contact, code } }),
    changePassword: (email: string, oldPassword: string, newPassword: string) => client.call(a.changePassword, { body: { email, oldPassword, newPassword } }),
    setWhatsapp: (optingValue: boolean) => client.call(a.updateWhatsappConsent, { query: { optingValue: String(optingValue) } }),
    setMarketing: (email: string | undefined, phone: string | undefined, subscribed: boolean) =>
      client.call(subscriptionRoutes.subscribe, {
        body: { ...(email ? { email } : {}), ...(phone ? { phone } : {}), subscribed, channels: email ? ['email'] : ['sms'] },
      }),
    removeCard: (token: string, emailId: string) => client.call(savedCardRoutes.remove, { params: { token }, query: { gatewayId: 'PU', emailId } }),

    addAddress: (body: AddressInput & { defaultAddress?: boolean }) => client.call(addressRoutes.create, { body }),
    updateAddress: (addressId: number, body: AddressInput & { defaultAddress?: boolean }) => client.call(addressRoutes.update, { params: { addressId }, body }),
    removeAddress: (addressId: number) => client.call(addressRoutes.remove, { params: { addressId } }),
    pincode: (pincode: string) => client.call(addressRoutes.pincodeCheck, { query: { pincode } }),

    storeCreditSms: (orderId: number) => client.call(moneyRoutes.storeCreditSms, { query: { orderId } }),
    giftVoucher: (code: string) => client.call(moneyRoutes.giftVoucher, { query: { giftVoucherCode: code } }),

    /** The photo with its face's landmarks found in the browser (issue 43); without them (no face finder on this device) try-on is approximate. */
    createFaceProfile: (file: File, firstName: string, face?: FaceOnPhoto) =>
      client.call(faceProfileRoutes.create, { body: formOf({ file, firstName, ...(face ? { face: JSON.stringify(face) } : {}) }) }),
    setDefaultFaceProfile: (dittoId: string) => client.call(faceProfileRoutes.update, { params: { dittoId }, body: { isDefault: true } }),
    renameFaceProfile: (dittoId: string, first: string, last: string) =>
      client.call(faceProfileRoutes.update, { params: { dittoId }, body: { name: { first, ...(last ? { last } : {}) } } }),
    removeFaceProfile: (dittoId: string) => client.call(faceProfileRoutes.remove, { params: { dittoId } }),
  };
}

export function useProfileApi() {
  const client = useApiClient();
  return useMemo(() => profileApi(client), [client]);
}

/** The saved cards of the payment gateway the account page lists (PU). */
export const useSavedCards = () => useQuery(savedCardRoutes.list, { query: { gatewayId: 'PU' } });

import {
  accountRoutes,
  addressRoutes,
  apiClientFor,
  buildUrl,
  coreRoutes,
  faceProfileRoutes,
  moneyRoutes,
  orderRoutes,
  prescriptionRoutes,
  returnRoutes,
  savedCardRoutes,
  shellRoutes,
  subscriptionRoutes,
  type AddressInput,
  type ApiClient,
  type PrescriptionInput,
  type RegisterCustomer,
  type ReturnRequest,
} from '@eyewear/api-client';

/** The account remote's calls over the page's one client (routes only: no zod in the browser). */
export function accountApi(client: ApiClient) {
  const a = accountRoutes;
  return {
    me: () => client.call(coreRoutes.me),
    logout: () => client.call(coreRoutes.logout),
    register: (body: RegisterCustomer) => client.call(a.register, { body }),
    authenticate: (email: string, password: string) => client.call(a.authenticate, { body: { email, password } }),
    accountInfo: (query: { email?: string; telephone?: string; phoneCode?: string }) => client.call(a.accountInfo, { query }),
    sendOtp: (telephone: string, phoneCode: string, captcha?: string) =>
      client.call(a.sendOtp, { body: { telephone, phoneCode, ...(captcha ? { captcha } : {}) } }),
    mobileLogin: (telephone: string, phoneCode: string, code: string) => client.call(a.mobileAuthenticate, { body: { telephone, phoneCode, code } }),
    forgotPassword: (emailAddress: string) => client.call(a.forgotPassword, { body: { emailAddress } }),
    resetPassword: (token: string, newPassword: string, confirmNewPassword: string) =>
      client.call(a.resetPassword, { params: { token }, body: { newPassword, confirmNewPassword } }),
    changePassword: (email: string, oldPassword: string, newPassword: string) => client.call(a.changePassword, { body: { email, oldPassword, newPassword } }),
    /** Social sign-in waiting for proof (docs/adr/020): what it is, a code to its e-mail, the proof. */
    socialLink: () => client.call(a.socialLink),
    socialLinkCode: () => client.call(a.socialLinkCode),
    socialLinkConfirm: (body: { password: string } | { code: string }) => client.call(a.socialLinkConfirm, { body }),
    confirmContact: (contact: 'email' | 'telephone', code: string) => client.call(a.confirmContact, { body: { contact, code } }),
    updateUser: (body: Record<string, string>) => client.call(a.updateUserInfo, { body }),
    whatsapp: () => client.call(a.whatsappConsent),
    setWhatsapp: (optingValue: boolean) => client.call(a.updateWhatsappConsent, { query: { optingValue: String(optingValue) } }),
    sendUtm: (utm: Record<string, string>) => client.call(shellRoutes.utm, { body: utm }),

    addresses: () => client.call(addressRoutes.list),
    addAddress: (body: AddressInput & { defaultAddress?: boolean }) => client.call(addressRoutes.create, { body }),
    updateAddress: (addressId: number, body: AddressInput & { defaultAddress?: boolean }) => client.call(addressRoutes.update, { params: { addressId }, body }),
    removeAddress: (addressId: number) => client.call(addressRoutes.remove, { params: { addressId } }),
    pincode: (pincode: string) => client.call(addressRoutes.pincodeCheck, { query: { pincode } }),
    states: () => client.call(addressRoutes.locationData),
    orderShippingAddress: (orderId: number, body: AddressInput) => client.call(addressRoutes.updateOrderShippingAddress, { params: { orderId }, body }),

    cards: () => client.call(savedCardRoutes.list, { query: { gatewayId: 'PU' } }),
    removeCard: (token: string, emailId: string) => client.call(savedCardRoutes.remove, { params: { token }, query: { gatewayId: 'PU', emailId } }),
    storeCredit: () => client.call(moneyRoutes.storeCredit),
    storeCreditHistory: () => client.call(moneyRoutes.storeCreditHistory, { query: {} }),
    storeCreditOrders: (page: number) => client.call(moneyRoutes.storeCreditOrders, { query: { page } }),
    storeCreditSms: (orderId: number) => client.call(moneyRoutes.storeCreditSms, { query: { orderId } }),
    marketing: () => client.call(subscriptionRoutes.subscription),
    setMarketing: (email: string | undefined, phone: string | undefined, subscribed: boolean) =>
      client.call(subscriptionRoutes.subscribe, {
        body: { ...(email ? { email } : {}), ...(phone ? { phone } : {}), subscribed, channels: email ? ['email'] : ['sms'] },
      }),
    giftVoucher: (code: string) => client.call(moneyRoutes.giftVoucher, { query: { giftVoucherCode: code } }),
    /** A 401 on an order fetch creates a guest session (account §4). */
    recoverSession: () => client.validateSession(),

    orders: (page: number, pageSize: number) => client.call(orderRoutes.list, { query: { page, 'page-size': pageSize } }),
    order: (orderId: number) => client.call(orderRoutes.get, { params: { orderId } }),
    cancelReasons: (orderId: number) => client.call(orderRoutes.cancelReasons, { params: { orderId } }),
    cancel: (orderId: number, body: { itemIds?: number[]; reasonId: number; refundMethod?: 'source' | 'storecredit' }) =>
      client.call(orderRoutes.cancel, { params: { orderId }, body }),
    updateItemPrescription: (orderId: number, itemId: number, body: PrescriptionInput) =>
      client.call(prescriptionRoutes.updateItemPrescription, { params: { orderId, itemId }, body }),
    confirmCod: (orderId: number) => client.call(orderRoutes.confirmCod, { params: { orderId } }),
    editNeft: (orderId: number, body: Record<string, string>) => client.call(orderRoutes.editNeft, { params: { orderId }, body }),

    eligibility: (orderId: number) => client.call(returnRoutes.eligibility, { params: { orderId }, query: { fetchRefundExchangeDetails: 'true' } }),
    returnReasons: (classification: string) => client.call(returnRoutes.reasons, { query: { classification } }),
    returnModes: (pincode: string) => client.call(returnRoutes.modes, { query: { pincode } }),
    createReturn: (orderId: number, body: ReturnRequest) => client.call(returnRoutes.create, { params: { orderId }, body }),
    cancelReturn: (orderId: number, returnId: number) => client.call(returnRoutes.cancel, { params: { orderId, returnId } }),
    returnDetails: (itemId: number) => client.call(returnRoutes.details, { params: { itemId } }),
    labelStatus: (groupId: string) => client.call(returnRoutes.labelStatus, { params: { groupId } }),
    refundMethods: (itemId: number) => client.call(returnRoutes.refundMethods, { params: { itemId } }),
    refundEstimate: (itemId: number) => client.call(returnRoutes.refundEstimate, { params: { itemId } }),
    createRefund: (orderId: number, itemId: number, refundMethod: 'source' | 'storecredit' | 'neft' | 'upi') =>
      client.call(returnRoutes.createRefund, { params: { orderId }, body: { itemId, refundMethod } }),
    refundDetails: (orderId: number) => client.call(returnRoutes.refundDetails, { params: { orderId } }),

    prescriptions: () => client.call(prescriptionRoutes.saved),
    savePrescription: (body: PrescriptionInput) => client.call(prescriptionRoutes.create, { body }),
    removePrescription: (prescriptionId: number) => client.call(prescriptionRoutes.remove, { params: { prescriptionId } }),
    uploadPrescription: (file: File) => client.call(prescriptionRoutes.upload, { body: formOf({ file }) }),
    cameraPd: (file: File) => client.call(prescriptionRoutes.cameraPd, { body: formOf({ file }) }),

    faceProfiles: () => client.call(faceProfileRoutes.list),
    createFaceProfile: (file: File, firstName: string) => client.call(faceProfileRoutes.create, { body: formOf({ file, firstName }) }),
    setDefaultFaceProfile: (dittoId: string) => client.call(faceProfileRoutes.update, { params: { dittoId }, body: { isDefault: true } }),
    removeFaceProfile: (dittoId: string) => client.call(faceProfileRoutes.remove, { params: { dittoId } }),
  };
}

/**
 * Where a social button goes: a browser navigation to the API's start route, which redirects
 * to the identity provider (docs/adr/020). It comes back to `returnTo`, logged in, or to the
 * "link your account" page.
 */
export function socialStartUrl(provider: 'google' | 'facebook' | 'apple', returnTo: string, country: string) {
  return buildUrl('/api', accountRoutes.socialStart.path.replace(':accountType', provider), { returnTo, country });
}

function formOf(parts: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts)) form.append(key, value);
  return form;
}

export type AccountApi = ReturnType<typeof accountApi>;

const apis = new Map<string, AccountApi>();
export function accountApiFor(country: string): AccountApi {
  let api = apis.get(country);
  if (!api) {
    api = accountApi(apiClientFor(country));
    apis.set(country, api);
  }
  return api;
}

/** The server's message when it sent one, else the spec's fallback (one helper for every app). */
export { messageOf, fieldOf } from '@eyewear/api-client';

import { route } from '../route';
import type { accountEndpoints } from './account';
import type { addressEndpoints } from './addresses';
import type { orderEndpoints } from './orders';
import type { returnEndpoints } from './returns';
import type { prescriptionEndpoints } from './prescriptions';
import type { faceProfileEndpoints } from './face-profiles';
import type { marketingEndpoints } from './marketing';

type AC = typeof accountEndpoints;
type AD = typeof addressEndpoints;
type O = typeof orderEndpoints;
type R = typeof returnEndpoints;
type P = typeof prescriptionEndpoints;
type F = typeof faceProfileEndpoints;
type MK = typeof marketingEndpoints;

/**
 * The account area's calls for the browser (login, account, addresses, orders, returns,
 * prescriptions, face profiles): where each goes, typed by its answer, without schema code
 * (the server validates against the endpoint declarations).
 */
export const accountRoutes = {
  register: route<AC['register']['response']>('account.register', 'POST', '/v2/customers'),
  authenticate: route<AC['authenticate']['response']>('account.authenticate', 'POST', '/v2/customers/authenticate'),
  accountInfo: route<AC['accountInfo']['response']>('account.accountInfo', 'GET', '/v2/customers/account-info'),
  sendOtp: route<AC['sendOtp']['response']>('account.sendOtp', 'POST', '/v2/customers/mobile/otp'),
  mobileAuthenticate: route<AC['mobileAuthenticate']['response']>('account.mobileAuthenticate', 'POST', '/v2/customers/mobile/authenticate'),
  forgotPassword: route<AC['forgotPassword']['response']>('account.forgotPassword', 'POST', '/v2/customers/password/forgot'),
  socialStart: route<AC['socialStart']['response']>('account.socialStart', 'GET', '/v2/customers/social/:accountType/start'),
  socialCallback: route<AC['socialCallback']['response']>('account.socialCallback', 'GET', '/v2/customers/social/callback'),
  socialLink: route<AC['socialLink']['response']>('account.socialLink', 'GET', '/v2/customers/social/link'),
  socialLinkCode: route<AC['socialLinkCode']['response']>('account.socialLinkCode', 'POST', '/v2/customers/social/link/code'),
  socialLinkConfirm: route<AC['socialLinkConfirm']['response']>('account.socialLinkConfirm', 'POST', '/v2/customers/social/link'),
  mobileEmail: route<AC['mobileEmail']['response']>('account.mobileEmail', 'GET', '/v2/customers/mobile/email'),
  mobileEmailLink: route<AC['mobileEmailLink']['response']>('account.mobileEmailLink', 'POST', '/v2/customers/mobile/email-link'),
  verifyOtp: route<AC['verifyOtp']['response']>('account.verifyOtp', 'POST', '/v2/customers/mobile/verify-otp'),
  updateUserInfo: route<AC['updateUserInfo']['response']>('account.updateUserInfo', 'POST', '/v2/customers/info'),
  confirmContact: route<AC['confirmContact']['response']>('account.confirmContact', 'POST', '/v2/customers/info/verify'),
  changePassword: route<AC['changePassword']['response']>('account.changePassword', 'POST', '/v2/customers/password/change'),
  resetPassword: route<AC['resetPassword']['response']>('account.resetPassword', 'POST', '/v2/customers/password/reset/:token'),
  whatsappConsent: route<AC['whatsappConsent']['response']>('account.whatsappConsent', 'GET', '/v2/customers/whatsapp-consent'),
  updateWhatsappConsent: route<AC['updateWhatsappConsent']['response']>('account.updateWhatsappConsent', 'PUT', '/v2/customers/whatsapp-consent'),
  presalesSession: route<AC['presalesSession']['response']>('account.presalesSession', 'GET', '/v2/presales/session'),
  presalesDualLogin: route<AC['presalesDualLogin']['response']>('account.presalesDualLogin', 'POST', '/v2/presales/dual-login'),
};

export const addressRoutes = {
  list: route<AD['list']['response']>('addresses.list', 'GET', '/v2/addresses'),
  create: route<AD['create']['response']>('addresses.create', 'POST', '/v2/addresses'),
  update: route<AD['update']['response']>('addresses.update', 'PUT', '/v2/addresses/:addressId'),
  remove: route<AD['remove']['response']>('addresses.remove', 'DELETE', '/v2/addresses/:addressId'),
  pincodeCheck: route<AD['pincodeCheck']['response']>('addresses.pincodeCheck', 'GET', '/v2/addresses/pincode-check'),
  locationData: route<AD['locationData']['response']>('addresses.locationData', 'GET', '/v2/addresses/location-data'),
  updateOrderShippingAddress: route<AD['updateOrderShippingAddress']['response']>('addresses.updateOrderShippingAddress', 'PUT', '/v2/orders/:orderId/shippingAddress'),
};

export const orderRoutes = {
  list: route<O['list']['response']>('orders.list', 'GET', '/v2/orders'),
  latest: route<O['latest']['response']>('orders.latest', 'GET', '/v2/orders/latest'),
  get: route<O['get']['response']>('orders.get', 'GET', '/v2/orders/:orderId', { exchange: true }),
  track: route<O['track']['response']>('orders.track', 'GET', '/v2/orders/:orderId/tracking'),
  cancelReasons: route<O['cancelReasons']['response']>('orders.cancelReasons', 'GET', '/v2/orders/:orderId/cancel/reasons'),
  cancel: route<O['cancel']['response']>('orders.cancel', 'POST', '/v2/orders/:orderId/cancel'),
  confirmCod: route<O['confirmCod']['response']>('orders.confirmCod', 'PUT', '/v2/orders/:orderId/confirm'),
  editNeft: route<O['editNeft']['response']>('orders.editNeft', 'POST', '/v2/orders/:orderId/neft'),
  pfuPdRules: route<O['pfuPdRules']['response']>('orders.pfuPdRules', 'GET', '/v2/config/pfu-pd-rules'),
  qrStatus: route<O['qrStatus']['response']>('orders.qrStatus', 'GET', '/v2/qr-payments/:orderId/qr/status'),
  qrGenerate: route<O['qrGenerate']['response']>('orders.qrGenerate', 'POST', '/v2/qr-payments/:orderId/qr/generate'),
};

export const returnRoutes = {
  eligibility: route<R['eligibility']['response']>('returns.eligibility', 'GET', '/v2/orders/:orderId/return/eligibility'),
  reasons: route<R['reasons']['response']>('returns.reasons', 'GET', '/v2/returns/reasons'),
  modes: route<R['modes']['response']>('returns.modes', 'GET', '/v2/returns/modes'),
  serviceability: route<R['serviceability']['response']>('returns.serviceability', 'GET', '/v2/returns/serviceability'),
  labelStatus: route<R['labelStatus']['response']>('returns.labelStatus', 'GET', '/v2/returns/label-status/:groupId'),
  details: route<R['details']['response']>('returns.details', 'GET', '/v2/returns/details/:itemId'),
  create: route<R['create']['response']>('returns.create', 'POST', '/v2/orders/:orderId/return'),
  cancel: route<R['cancel']['response']>('returns.cancel', 'POST', '/v2/orders/:orderId/return/:returnId/cancel'),
  config: route<R['config']['response']>('returns.config', 'GET', '/v2/returns/config'),
  refundMethods: route<R['refundMethods']['response']>('returns.refundMethods', 'GET', '/v2/refunds/methods/:itemId'),
  refundEstimate: route<R['refundEstimate']['response']>('returns.refundEstimate', 'GET', '/v2/refunds/estimate/:itemId'),
  createRefund: route<R['createRefund']['response']>('returns.createRefund', 'POST', '/v2/orders/:orderId/refund/return'),
  refundDetails: route<R['refundDetails']['response']>('returns.refundDetails', 'GET', '/v2/orders/:orderId/refund/details'),
};

export const prescriptionRoutes = {
  saved: route<P['saved']['response']>('prescriptions.saved', 'GET', '/v2/prescriptions'),
  create: route<P['create']['response']>('prescriptions.create', 'POST', '/v2/prescriptions'),
  update: route<P['update']['response']>('prescriptions.update', 'PUT', '/v2/prescriptions/:prescriptionId'),
  remove: route<P['remove']['response']>('prescriptions.remove', 'DELETE', '/v2/prescriptions/:prescriptionId'),
  itemPrescription: route<P['itemPrescription']['response']>('prescriptions.itemPrescription', 'GET', '/v2/orders/:orderId/items/:itemId/prescription'),
  updateItemPrescription: route<P['updateItemPrescription']['response']>('prescriptions.updateItemPrescription', 'PUT', '/v2/orders/:orderId/items/:itemId/prescription'),
  updatePackage: route<P['updatePackage']['response']>('prescriptions.updatePackage', 'PUT', '/v2/orders/:orderId/items/:itemId/package'),
  upgradePackage: route<P['upgradePackage']['response']>('prescriptions.upgradePackage', 'PUT', '/v2/orders/:orderId/items/:itemId/package/upgrade'),
  updatePowerType: route<P['updatePowerType']['response']>('prescriptions.updatePowerType', 'PUT', '/v2/orders/:orderId/items/:itemId/powertype'),
  upgradeOptions: route<P['upgradeOptions']['response']>('prescriptions.upgradeOptions', 'GET', '/v2/orders/:orderId/items/:itemId/upgradepackage'),
  otp: route<P['otp']['response']>('prescriptions.otp', 'PUT', '/v2/orders/:orderId/otp'),
  cameraPd: route<P['cameraPd']['response']>('prescriptions.cameraPd', 'POST', '/v2/prescriptions/pd/camera'),
  upload: route<P['upload']['response']>('prescriptions.upload', 'POST', '/v2/prescriptions/upload'),
  uploadImage: route<P['uploadImage']['response']>('prescriptions.uploadImage', 'POST', '/v2/prescriptions/images'),
  download: route<P['download']['response']>('prescriptions.download', 'GET', '/v2/prescriptions/download/:fileName'),
};

export const faceProfileRoutes = {
  auth: route<F['auth']['response']>('faceProfiles.auth', 'GET', '/v2/face-profiles/:dittoId/auth'),
  frontalImage: route<F['frontalImage']['response']>('faceProfiles.frontalImage', 'GET', '/v2/face-profiles/:dittoId/frontal-image'),
  list: route<F['list']['response']>('faceProfiles.list', 'GET', '/v2/face-profiles'),
  create: route<F['create']['response']>('faceProfiles.create', 'POST', '/v2/face-profiles'),
  update: route<F['update']['response']>('faceProfiles.update', 'PUT', '/v2/face-profiles/:dittoId'),
  remove: route<F['remove']['response']>('faceProfiles.remove', 'DELETE', '/v2/face-profiles/:dittoId'),
  add: route<F['add']['response']>('faceProfiles.add', 'POST', '/v2/face-profiles/add'),
  saveUpdate: route<F['saveUpdate']['response']>('faceProfiles.saveUpdate', 'POST', '/v2/face-profiles/save-update'),
  emailImage: route<F['emailImage']['response']>('faceProfiles.emailImage', 'POST', '/v2/face-profiles/email-image'),
  overlay: route<F['overlay']['response']>('faceProfiles.overlay', 'GET', '/v2/try-on/overlay'),
  uploadImage: route<F['uploadImage']['response']>('faceProfiles.uploadImage', 'POST', '/v2/try-on/images'),
  storeImage: route<F['storeImage']['response']>('faceProfiles.storeImage', 'POST', '/v2/ditto/:dittoPrefix/uploadImage'),
  cygnusUpdate: route<F['cygnusUpdate']['response']>('faceProfiles.cygnusUpdate', 'PUT', '/v2/cygnus/customers/:cygnusId'),
  cygnusProfile: route<F['cygnusProfile']['response']>('faceProfiles.cygnusProfile', 'GET', '/v2/cygnus/profile'),
  cygnusDelete: route<F['cygnusDelete']['response']>('faceProfiles.cygnusDelete', 'DELETE', '/v2/cygnus/profile'),
  encryptSession: route<F['encryptSession']['response']>('faceProfiles.encryptSession', 'POST', '/v2/cygnus/session/encrypt'),
  frameSize: route<F['frameSize']['response']>('faceProfiles.frameSize', 'POST', '/v2/frame-size'),
  storeFrameSize: route<F['storeFrameSize']['response']>('faceProfiles.storeFrameSize', 'POST', '/v2/frame-size/store'),
};

/** The account's marketing subscription (the other marketing calls belong to the shell). */
export const subscriptionRoutes = {
  subscription: route<MK['subscription']['response']>('marketing.subscription', 'GET', '/v2/marketing/subscription'),
  subscribe: route<MK['subscribe']['response']>('marketing.subscribe', 'POST', '/v2/marketing/subscription'),
};

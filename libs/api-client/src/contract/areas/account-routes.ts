import { route } from '../route';
import { productRoutes } from './product-routes';

/** Paths that two or more calls share (a method each), written once. */
const socialLinkPath = '/v2/customers/social/link';
const whatsappConsentPath = '/v2/customers/whatsapp-consent';
const addressesPath = '/v2/addresses';
const addressPath = '/v2/addresses/:addressId';
const prescriptionPath = '/v2/prescriptions/:prescriptionId';
const itemPrescriptionPath = '/v2/orders/:orderId/items/:itemId/prescription';
const faceProfilesPath = '/v2/face-profiles';
const faceProfilePath = '/v2/face-profiles/:dittoId';
const cygnusProfilePath = '/v2/cygnus/profile';
const subscriptionPath = '/v2/marketing/subscription';

/**
 * The account area's calls for the browser (login, account, addresses, orders, returns,
 * prescriptions, face profiles): where each goes and with which headers, without schema code
 * (the server validates against the endpoint declarations, which spread these). The frame-size,
 * try-on and two prescription calls the product page also makes are declared with its routes.
 */
export const accountRoutes = {
  register: route('account.register', 'POST', '/v2/customers'),
  authenticate: route('account.authenticate', 'POST', '/v2/customers/authenticate'),
  accountInfo: route('account.accountInfo', 'GET', '/v2/customers/account-info'),
  sendOtp: route('account.sendOtp', 'POST', '/v2/customers/mobile/otp', { idempotencyKey: true }),
  mobileAuthenticate: route('account.mobileAuthenticate', 'POST', '/v2/customers/mobile/authenticate'),
  forgotPassword: route('account.forgotPassword', 'POST', '/v2/customers/password/forgot', { idempotencyKey: true }),
  socialStart: route('account.socialStart', 'GET', '/v2/customers/social/:accountType/start'),
  socialCallback: route('account.socialCallback', 'GET', '/v2/customers/social/callback'),
  socialLink: route('account.socialLink', 'GET', socialLinkPath),
  socialLinkCode: route('account.socialLinkCode', 'POST', '/v2/customers/social/link/code'),
  socialLinkConfirm: route('account.socialLinkConfirm', 'POST', socialLinkPath),
  mobileEmail: route('account.mobileEmail', 'GET', '/v2/customers/mobile/email'),
  mobileEmailLink: route('account.mobileEmailLink', 'POST', '/v2/customers/mobile/email-link', { idempotencyKey: true }),
  verifyOtp: route('account.verifyOtp', 'POST', '/v2/customers/mobile/verify-otp'),
  updateUserInfo: route('account.updateUserInfo', 'POST', '/v2/customers/info', { idempotencyKey: true }),
  confirmContact: route('account.confirmContact', 'POST', '/v2/customers/info/verify', { idempotencyKey: true }),
  changePassword: route('account.changePassword', 'POST', '/v2/customers/password/change', { idempotencyKey: true }),
  resetPassword: route('account.resetPassword', 'POST', '/v2/customers/password/reset/:token', { idempotencyKey: true }),
  whatsappConsent: route('account.whatsappConsent', 'GET', whatsappConsentPath),
  updateWhatsappConsent: route('account.updateWhatsappConsent', 'PUT', whatsappConsentPath, { idempotencyKey: true }),
  presalesSession: route('account.presalesSession', 'GET', '/v2/presales/session'),
  presalesDualLogin: route('account.presalesDualLogin', 'POST', '/v2/presales/dual-login'),
};

export const addressRoutes = {
  list: route('addresses.list', 'GET', addressesPath),
  create: route('addresses.create', 'POST', addressesPath, { idempotencyKey: true }),
  update: route('addresses.update', 'PUT', addressPath, { idempotencyKey: true }),
  remove: route('addresses.remove', 'DELETE', addressPath, { idempotencyKey: true }),
  pincodeCheck: route('addresses.pincodeCheck', 'GET', '/v2/addresses/pincode-check'),
  locationData: route('addresses.locationData', 'GET', '/v2/addresses/location-data'),
  updateOrderShippingAddress: route('addresses.updateOrderShippingAddress', 'PUT', '/v2/orders/:orderId/shippingAddress', { idempotencyKey: true }),
};

export const orderRoutes = {
  list: route('orders.list', 'GET', '/v2/orders'),
  latest: route('orders.latest', 'GET', '/v2/orders/latest'),
  get: route('orders.get', 'GET', '/v2/orders/:orderId', { exchange: true }),
  track: route('orders.track', 'GET', '/v2/orders/:orderId/tracking'),
  cancelReasons: route('orders.cancelReasons', 'GET', '/v2/orders/:orderId/cancel/reasons'),
  cancelPreview: route('orders.cancelPreview', 'GET', '/v2/orders/:orderId/cancel/preview'),
  cancel: route('orders.cancel', 'POST', '/v2/orders/:orderId/cancel', { idempotencyKey: true }),
  confirmCod: route('orders.confirmCod', 'PUT', '/v2/orders/:orderId/confirm', { idempotencyKey: true }),
  editNeft: route('orders.editNeft', 'POST', '/v2/orders/:orderId/neft', { idempotencyKey: true }),
  pfuPdRules: route('orders.pfuPdRules', 'GET', '/v2/config/pfu-pd-rules'),
  qrStatus: route('orders.qrStatus', 'GET', '/v2/qr-payments/:orderId/qr/status'),
  qrGenerate: route('orders.qrGenerate', 'POST', '/v2/qr-payments/:orderId/qr/generate', { idempotencyKey: true }),
};

export const returnRoutes = {
  eligibility: route('returns.eligibility', 'GET', '/v2/orders/:orderId/return/eligibility'),
  reasons: route('returns.reasons', 'GET', '/v2/returns/reasons'),
  modes: route('returns.modes', 'GET', '/v2/returns/modes'),
  serviceability: route('returns.serviceability', 'GET', '/v2/returns/serviceability'),
  labelStatus: route('returns.labelStatus', 'GET', '/v2/returns/label-status/:groupId'),
  details: route('returns.details', 'GET', '/v2/returns/details/:itemId'),
  create: route('returns.create', 'POST', '/v2/orders/:orderId/return', { idempotencyKey: true }),
  cancel: route('returns.cancel', 'POST', '/v2/orders/:orderId/return/:returnId/cancel', { idempotencyKey: true }),
  config: route('returns.config', 'GET', '/v2/returns/config'),
  uploadPhoto: route('returns.uploadPhoto', 'POST', '/v2/returns/photos'),
  refundMethods: route('returns.refundMethods', 'GET', '/v2/refunds/methods/:itemId'),
  refundEstimate: route('returns.refundEstimate', 'GET', '/v2/refunds/estimate/:itemId'),
  createRefund: route('returns.createRefund', 'POST', '/v2/orders/:orderId/refund/return', { idempotencyKey: true }),
  refundDetails: route('returns.refundDetails', 'GET', '/v2/orders/:orderId/refund/details'),
};

export const prescriptionRoutes = {
  saved: productRoutes.savedPrescriptions,
  create: route('prescriptions.create', 'POST', productRoutes.savedPrescriptions.path, { idempotencyKey: true }),
  update: route('prescriptions.update', 'PUT', prescriptionPath, { idempotencyKey: true }),
  remove: route('prescriptions.remove', 'DELETE', prescriptionPath, { idempotencyKey: true }),
  itemPrescription: route('prescriptions.itemPrescription', 'GET', itemPrescriptionPath),
  updateItemPrescription: route('prescriptions.updateItemPrescription', 'PUT', itemPrescriptionPath, { idempotencyKey: true }),
  updatePackage: route('prescriptions.updatePackage', 'PUT', '/v2/orders/:orderId/items/:itemId/package', { idempotencyKey: true }),
  upgradePackage: route('prescriptions.upgradePackage', 'PUT', '/v2/orders/:orderId/items/:itemId/package/upgrade', { idempotencyKey: true }),
  updatePowerType: route('prescriptions.updatePowerType', 'PUT', '/v2/orders/:orderId/items/:itemId/powertype', { idempotencyKey: true }),
  upgradeOptions: route('prescriptions.upgradeOptions', 'GET', '/v2/orders/:orderId/items/:itemId/upgradepackage'),
  otp: route('prescriptions.otp', 'PUT', '/v2/orders/:orderId/otp', { idempotencyKey: true }),
  cameraPd: route('prescriptions.cameraPd', 'POST', '/v2/prescriptions/pd/camera', { idempotencyKey: true }),
  upload: route('prescriptions.upload', 'POST', '/v2/prescriptions/upload'),
  uploadImage: productRoutes.uploadPrescriptionImage,
  download: route('prescriptions.download', 'GET', '/v2/prescriptions/download/:fileName'),
};

export const faceProfileRoutes = {
  auth: route('faceProfiles.auth', 'GET', '/v2/face-profiles/:dittoId/auth'),
  frontalImage: route('faceProfiles.frontalImage', 'GET', '/v2/face-profiles/:dittoId/frontal-image'),
  list: route('faceProfiles.list', 'GET', faceProfilesPath),
  create: route('faceProfiles.create', 'POST', faceProfilesPath, { idempotencyKey: true }),
  update: route('faceProfiles.update', 'PUT', faceProfilePath, { idempotencyKey: true }),
  remove: route('faceProfiles.remove', 'DELETE', faceProfilePath, { idempotencyKey: true }),
  add: route('faceProfiles.add', 'POST', '/v2/face-profiles/add', { idempotencyKey: true }),
  saveUpdate: route('faceProfiles.saveUpdate', 'POST', '/v2/face-profiles/save-update', { idempotencyKey: true }),
  emailImage: route('faceProfiles.emailImage', 'POST', '/v2/face-profiles/email-image', { idempotencyKey: true }),
  overlay: productRoutes.tryOnOverlay,
  uploadImage: route('faceProfiles.uploadImage', 'POST', '/v2/try-on/images'),
  storeImage: route('faceProfiles.storeImage', 'POST', '/v2/ditto/:dittoPrefix/uploadImage'),
  cygnusUpdate: route('faceProfiles.cygnusUpdate', 'PUT', '/v2/cygnus/customers/:cygnusId', { idempotencyKey: true }),
  cygnusProfile: route('faceProfiles.cygnusProfile', 'GET', cygnusProfilePath),
  cygnusDelete: route('faceProfiles.cygnusDelete', 'DELETE', cygnusProfilePath, { idempotencyKey: true }),
  encryptSession: route('faceProfiles.encryptSession', 'POST', '/v2/cygnus/session/encrypt'),
  frameSize: productRoutes.frameSize,
  storeFrameSize: productRoutes.storeFrameSize,
  measuredFrameSize: productRoutes.measuredFrameSize,
};

/** The account's marketing subscription (the other marketing calls belong to the shell). */
export const subscriptionRoutes = {
  subscription: route('marketing.subscription', 'GET', subscriptionPath),
  subscribe: route('marketing.subscribe', 'POST', subscriptionPath, { idempotencyKey: true }),
};

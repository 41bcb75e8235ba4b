import { z } from 'zod';
import {
  accountInfoSchema,
  emailSchema,
  loginResultSchema,
  passwordSchema,
  phoneCodeSchema,
  phoneSchema,
  registerCustomerSchema,
  updateUserInfoSchema,
  userInfoSchema,
  whatsappConsentSchema,
  whatsappConsentUpdateSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, params } from '../helpers';

const SPEC = 'account §7 Auth/account';

const login = result(loginResultSchema);
const otpCode = z.string().regex(/^\d{4,6}$/, 'Please enter the code you received');

export const accountEndpoints = {
  register: endpoint({
    name: 'account.register',
    method: 'POST',
    path: '/v2/customers',
    body: registerCustomerSchema,
    response: login,
    summary: `Register a customer; answers like a login (${SPEC})`,
  }),
  authenticate: endpoint({
    name: 'account.authenticate',
    method: 'POST',
    path: '/v2/customers/authenticate',
    body: z.object({ email: emailSchema, password: z.string().min(1).max(64) }).strict(),
    response: login,
    summary: `Log in by email and password; user info follows from GET /me (${SPEC})`,
  }),
  accountInfo: endpoint({
    name: 'account.accountInfo',
    method: 'GET',
    path: '/v2/customers/account-info',
    query: z
      .object({
        email: emailSchema.optional(),
        telephone: phoneSchema.optional(),
        phoneCode: phoneCodeSchema.optional(),
        isMobileUserOnly: q.bool().optional(),
      })
      .strict()
      .refine((v) => v.email !== undefined || v.telephone !== undefined, { message: 'Email or telephone is required', path: ['email'] }),
    response: result(accountInfoSchema),
    summary: `Look an account up by email, or by mobile with its phone code (${SPEC}, §5)`,
  }),
  sendOtp: endpoint({
    name: 'account.sendOtp',
    method: 'POST',
    path: '/v2/customers/mobile/otp',
    body: z.object({ telephone: phoneSchema, phoneCode: phoneCodeSchema, captcha: z.string().min(1).max(80).optional() }).strict(),
    response: result(z.object({ sent: z.boolean(), captchaRequired: z.boolean() })),
    summary: `Send a one-time login code to a mobile (${SPEC})`,
  }),
  mobileAuthenticate: endpoint({
    name: 'account.mobileAuthenticate',
    method: 'POST',
    path: '/v2/customers/mobile/authenticate',
    body: z.object({ telephone: phoneSchema, phoneCode: phoneCodeSchema, code: otpCode }).strict(),
    response: login,
    summary: `Log in with the mobile one-time code (${SPEC})`,
  }),
  forgotPassword: endpoint({
    name: 'account.forgotPassword',
    method: 'POST',
    path: '/v2/customers/password/forgot',
    body: z.object({ emailAddress: emailSchema }).strict(),
    response: ackResponse,
    summary: `E-mail a password-reset token (${SPEC})`,
  }),
  social: endpoint({
    name: 'account.social',
    method: 'POST',
    path: '/v2/customers/social/:accountType',
    params: params({ accountType: z.enum(['google', 'facebook', 'apple']) }),
    body: z.object({ token: z.string().min(1).max(4096) }).strict(),
    response: login,
    summary: `Social login; the path is suffixed by the account type (${SPEC})`,
  }),
  mobileEmail: endpoint({
    name: 'account.mobileEmail',
    method: 'GET',
    path: '/v2/customers/mobile/email',
    query: z.object({ telephone: phoneSchema, phoneCode: phoneCodeSchema.optional() }).strict(),
    response: result(z.object({ exists: z.boolean(), maskedEmail: z.string().optional() })),
    summary: `The (masked) e-mail of the account behind a mobile number (${SPEC})`,
  }),
  mobileEmailLink: endpoint({
    name: 'account.mobileEmailLink',
    method: 'POST',
    path: '/v2/customers/mobile/email-link',
    body: z.object({ email: emailSchema }).strict(),
    response: ackResponse,
    summary: `Link an e-mail to the mobile account; sends a code (${SPEC})`,
  }),
  verifyOtp: endpoint({
    name: 'account.verifyOtp',
    method: 'POST',
    path: '/v2/customers/mobile/verify-otp',
    body: z.object({ telephone: phoneSchema, phoneCode: phoneCodeSchema, email: emailSchema, code: otpCode }).strict(),
    response: login,
    summary: `Verify the code and merge the mobile and e-mail accounts (${SPEC})`,
  }),
  updateUserInfo: endpoint({
    name: 'account.updateUserInfo',
    method: 'POST',
    path: '/v2/customers/info',
    body: updateUserInfoSchema,
    response: result(userInfoSchema),
    summary: `Edit account details (${SPEC})`,
  }),
  changePassword: endpoint({
    name: 'account.changePassword',
    method: 'POST',
    path: '/v2/customers/password/change',
    body: z.object({ email: emailSchema, oldPassword: z.string().min(1).max(64), newPassword: passwordSchema }).strict(),
    response: ackResponse,
    summary: `Change password without a token: oldPassword, newPassword, email (${SPEC}, §5)`,
  }),
  resetPassword: endpoint({
    name: 'account.resetPassword',
    method: 'POST',
    path: '/v2/customers/password/reset/:token',
    params: params({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid reset token') }),
    body: z
      .object({ newPassword: passwordSchema, confirmNewPassword: z.string() })
      .strict()
      .refine((v) => v.newPassword === v.confirmNewPassword, { message: 'Passwords do not match', path: ['confirmNewPassword'] }),
    response: ackResponse,
    summary: `Reset password with the e-mailed token: newPassword and confirmNewPassword (${SPEC}, §5)`,
  }),
  whatsappConsent: endpoint({
    name: 'account.whatsappConsent',
    method: 'GET',
    path: '/v2/customers/whatsapp-consent',
    response: result(whatsappConsentSchema),
    summary: `WhatsApp opt-in status; only for a logged-in customer with a telephone (${SPEC})`,
  }),
  updateWhatsappConsent: endpoint({
    name: 'account.updateWhatsappConsent',
    method: 'PUT',
    path: '/v2/customers/whatsapp-consent',
    query: z.object({ optingValue: q.bool() }).strict(),
    response: result(whatsappConsentUpdateSchema),
    summary: `Opt in or out of WhatsApp; read as result.response.status 'success' (${SPEC})`,
  }),
  socialAuthorize: endpoint({
    name: 'account.socialAuthorize',
    method: 'POST',
    path: '/v2/social-provider/:accountType/authorize',
    params: params({ accountType: z.enum(['google', 'facebook', 'apple']) }),
    body: z.object({ email: emailSchema, firstName: z.string().trim().min(1).max(60), lastName: z.string().trim().max(60).optional() }).strict(),
    response: result(z.object({ token: z.string().min(22) })),
    summary: `The simulated social provider: the shopper consents, the provider answers a signed token for account.social (${SPEC})`,
  }),
  presalesSession: endpoint({
    name: 'account.presalesSession',
    method: 'GET',
    path: '/v2/presales/session',
    response: result(
      z.object({ loggedIn: z.boolean(), salesmanId: z.string().optional(), storeCode: z.string().optional(), name: z.string().optional() }),
    ),
    summary: `Pre-sales (sales-staff) session info; sets leadSource (shopping §7 Session and user)`,
  }),
  presalesDualLogin: endpoint({
    name: 'account.presalesDualLogin',
    method: 'POST',
    path: '/v2/presales/dual-login',
    body: z
      .object({
        salesmanId: z.string().regex(/^[A-Za-z0-9-]{2,32}$/, 'Invalid salesman id'),
        password: z.string().min(1).max(64),
        customerEmail: emailSchema.optional(),
        customerTelephone: phoneSchema.optional(),
      })
      .strict(),
    response: result(z.object({ loggedIn: z.boolean(), leadSource: z.boolean(), customer: userInfoSchema.optional() })),
    summary: `Sales staff and customer log in together for checkout (shopping §7 Checkout; account §7 Other)`,
  }),
} as const;

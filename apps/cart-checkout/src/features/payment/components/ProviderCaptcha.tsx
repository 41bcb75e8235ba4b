import { CaptchaWidget } from '@eyewear/ui';

/** The captcha provider's widget (docs/adr/042), loaded by CodCaptcha only when the API names a provider. */
export default CaptchaWidget;

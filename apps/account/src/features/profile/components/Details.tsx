import { useState, type FormEvent } from 'react';
import { coreRoutes, messageOf } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { isValidEmail, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { SkeletonGrid } from '@eyewear/ui';
import { Field, failureFrom, failureText, LoadFailed, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';
import { ConfirmContact } from './ConfirmContact';
import { MarketingConsent, WhatsappConsent } from './Consents';

/** The account's name, contacts and gender; a new e-mail or mobile is confirmed with a code. */
export function Details() {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const country = useCountry();
  const me = useQuery(coreRoutes.me);
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  // A new e-mail or mobile waits for the code sent to it (docs/adr/020).
  const [pending, setPending] = useState<{ email?: string; telephone?: string }>({});
  if (me.status === 'failed') return <LoadFailed message={messageOf(me.error, m.somethingWrong)} retry={m.retry} onRetry={me.reload} />;
  if (!me.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const user = me.data.result;
  const v = values ?? {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    telephone: user.telephone ?? '',
    gender: user.gender ?? '',
  };
  const set = (key: string) => (value: string) => setValues({ ...v, [key]: value });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!v.firstName!.trim()) next.firstName = m.required;
    if (v.email && !isValidEmail(v.email.trim())) next.email = m.invalidEmail;
    if (v.telephone && !isValidMobile(country, v.telephone)) next.telephone = m.invalidMobile;
    setErrors(next);
    setNotice(null);
    if (Object.keys(next).length) return;
    try {
      const answer = await api.updateUser({
        firstName: v.firstName!.trim(),
        lastName: v.lastName!.trim(),
        ...(v.email ? { email: v.email.trim() } : {}),
        ...(v.telephone ? { telephone: v.telephone, phoneCode: user.phoneCode ?? MOBILE_RULES[country].phoneCode } : {}),
        ...(v.gender ? { gender: v.gender } : {}),
      });
      const waiting = answer.result.pendingVerification ?? {};
      setPending(waiting);
      setNotice(waiting.email || waiting.telephone ? m.detailsSavedVerify : m.detailsSaved);
      me.reload();
    } catch (error) {
      const failed = failureFrom(error, m.somethingWrong);
      if (failed.field) setErrors({ [failed.field]: failed.message });
      else setNotice(failureText(failed));
    }
  }
  // A number given at sign-up and never confirmed: a code sign-in cannot reach this account with it yet (issue 40).
  const unconfirmedPhone = user.telephone && user.phoneVerified === false && !pending.telephone ? user.telephone : null;
  async function confirmPhone() {
    setNotice(null);
    try {
      const answer = await api.updateUser({ telephone: unconfirmedPhone!, phoneCode: user.phoneCode ?? MOBILE_RULES[country].phoneCode });
      setPending((p) => ({ ...p, ...answer.result.pendingVerification }));
    } catch (error) {
      setNotice(messageOf(error, m.somethingWrong));
    }
  }
  const confirmed = (contact: 'email' | 'telephone', to: string) => {
    setPending((p) => ({ ...p, [contact]: undefined }));
    setValues(null);
    setNotice(formatMessage(m.contactConfirmed, { to }));
    me.reload();
  };
  return (
    <>
      <form onSubmit={submit} noValidate className="acc-card" aria-label={m.save}>
        <Field name="firstName" label={m.firstName} value={v.firstName!} onChange={set('firstName')} error={errors.firstName} />
        <Field name="lastName" label={m.lastName} value={v.lastName!} onChange={set('lastName')} />
        <Field name="email" label={m.email} type="email" value={v.email!} onChange={set('email')} error={errors.email} />
        <Field name="telephone" label={m.phone} type="tel" inputMode="numeric" value={v.telephone!} onChange={set('telephone')} error={errors.telephone} />
        {unconfirmedPhone ? (
          <p className="acc-note">
            {m.phoneNotConfirmed}{' '}
            <button type="button" className="ui-button ui-button--link" onClick={confirmPhone}>
              {m.confirmThisPhone}
            </button>
          </p>
        ) : null}
        <SelectField
          name="gender"
          label={m.gender}
          value={v.gender!}
          onChange={set('gender')}
          options={[
            { value: '', label: '-' },
            { value: 'female', label: m.female },
            { value: 'male', label: m.male },
            { value: 'other', label: m.other },
          ]}
        />
        {/* account §5: the WhatsApp consent call runs only when logged in with a telephone on the profile. */}
        {user.telephone ? <WhatsappConsent onNotice={setNotice} /> : null}
        <MarketingConsent email={user.email ?? undefined} phone={user.telephone ?? undefined} onSaved={() => setNotice(m.marketingSaved)} />
        {notice ? <p role="status">{notice}</p> : null}
        <button type="submit" className="ui-button">
          {m.save}
        </button>
      </form>
      {(['email', 'telephone'] as const).map((contact) => {
        const to = pending[contact];
        return to ? <ConfirmContact key={contact} contact={contact} to={to} onDone={() => confirmed(contact, to)} /> : null;
      })}
    </>
  );
}

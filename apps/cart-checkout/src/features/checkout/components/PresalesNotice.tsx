import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { messages } from '../../../app/messages';
import type { PresalesInfo } from '../api';

/** The presales checkout: who the signed-in sales person is, or the way to the sales staff login. */
export function PresalesNotice({ info }: { info: PresalesInfo }) {
  const m = useMessages(messages);
  return (
    <p className="cc-presales" data-testid="presales-info" role="status">
      {info.loggedIn ? (
        formatMessage(m.presalesSignedIn, { name: info.name ?? info.salesmanId ?? '' })
      ) : (
        <Link to="/checkout/onepage/presaleslogin">{m.presalesSignIn}</Link>
      )}
    </p>
  );
}

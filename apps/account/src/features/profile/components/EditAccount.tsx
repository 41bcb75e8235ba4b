import { ChangePassword } from './ChangePassword';
import { Details } from './Details';
import { SavedCards } from './SavedCards';

/** /customer/account/edit/: details, WhatsApp consent, marketing subscription, password, saved cards. */
export default function EditAccount() {
  return (
    <div>
      <Details />
      <ChangePassword />
      <SavedCards />
    </div>
  );
}

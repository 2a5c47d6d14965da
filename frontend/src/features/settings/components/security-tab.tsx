import { settingsMessages } from '@careers/contracts/messages';
import { ChangePasswordForm } from '@careers/contracts/requests/change-password';
import { PasswordField } from '../../../components/password-field';
import { useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/change-password';
import { forgetOutcome, SettingsForm } from './settings-form';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password, checked with the contracts' ChangePasswordForm (spec section 5). */
export function SecurityTab() {
  const change = useChangePassword();
  const form = useForm(emptyForm);
  const { values, errors } = form;

  function edit(name: keyof typeof values, value: string) {
    form.setField(name, value);
    forgetOutcome(change);
  }

  function submit(element: HTMLFormElement) {
    const parsed = form.validate(ChangePasswordForm, element);
    if (!parsed) return;
    change.mutate(
      { currentPassword: parsed.currentPassword, newPassword: parsed.newPassword },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <SettingsForm
      title="Change password"
      status={change.status}
      outcome={{ success: settingsMessages.passwordUpdated, failure: settingsMessages.passwordUpdateFailed }}
      submitText={{ idle: 'Update password', pending: 'Updating password...' }}
      onSubmit={submit}
    >
      <PasswordField
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(value) => edit('currentPassword', value)}
      />
      <PasswordField
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(value) => edit('newPassword', value)}
      />
      <PasswordField
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(value) => edit('confirmPassword', value)}
      />
    </SettingsForm>
  );
}

import { accountTypeHints, accountTypeLabels, accountTypes } from '@careers/contracts/constants';
import type { AccountType } from '@careers/contracts/entities/enums';
import { fallbackMessages } from '@careers/contracts/messages';
import { RegisterForm } from '@careers/contracts/requests/register';
import type { FormEvent } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { PasswordField } from '../../../components/password-field';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import { useRegister } from '../api/register';
import { AuthScreen } from './auth-screen';

const accountTypeOptions = accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }));

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  // No choice is made for the visitor: "Please select an account type" until they pick one.
  accountType: '' as AccountType | '',
};

/**
 * Spec section 2, "Register", checked on submit with the contracts' RegisterForm (section 5). On
 * success the route guard (PublicOnly) takes the new user to the page first asked for, else /dashboard.
 */
export function RegisterScreen() {
  const register = useRegister();
  const form = useForm(emptyForm);
  const { values, errors } = form;

  function edit(name: keyof typeof values, value: string) {
    form.setField(name, value);
    if (register.isError) register.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = form.validate(RegisterForm, event.currentTarget);
    if (!parsed) return;
    const { confirmPassword: _checkedHereOnly, ...account } = parsed;
    register.mutate(account);
  }

  return (
    <AuthScreen
      title="Create your account"
      switchText="Already have an account?"
      switchLink={{ to: '/login', label: 'Sign in' }}
    >
      <ErrorBanner
        message={register.isError ? errorMessageOf(register.error, fallbackMessages.register) : null}
      />
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextField
            name="firstName"
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(value) => edit('firstName', value)}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(value) => edit('lastName', value)}
          />
        </div>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(value) => edit('email', value)}
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(value) => edit('password', value)}
        />
        <PasswordField
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(value) => edit('confirmPassword', value)}
        />
        <SelectField
          name="accountType"
          label="Account type"
          placeholder="Select account type"
          options={accountTypeOptions}
          value={values.accountType}
          hint={values.accountType ? accountTypeHints[values.accountType] : undefined}
          error={errors.accountType}
          onChange={(value) => edit('accountType', value)}
        />
        <button type="submit" className="button button-block" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </AuthScreen>
  );
}

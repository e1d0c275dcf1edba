import { Link, useNavigate } from 'react-router';
import { Card } from 'react-bootstrap';
import { PASSWORD_MIN_LENGTH, registerSchema } from '@cvdp/core';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useRegister } from './api/index.ts';

export function RegisterPage() {
  const navigate = useNavigate();
  // The same rules as the server, checked here first so mistakes show at once.
  const form = useZodForm(registerSchema, { defaultValues: { email: '', name: '', password: '' } });
  const register = useRegister();
  usePageTitle('Create an account');
  // One message under the password: its error when there is one (it says what the help would), else the help.
  const passwordHelp = form.formState.errors.password
    ? undefined
    : `At least ${PASSWORD_MIN_LENGTH} characters.`;

  return (
    <Card className="mx-auto mt-4" style={{ maxWidth: 480 }}>
      <Card.Body>
        <h1 className="h4 mb-3">Create an account</h1>
        <ZodForm
          form={form}
          error={register.error}
          onSubmit={(body) =>
            register.mutate(body, { onSuccess: () => void navigate('/cvdp/awaiting-approval') })
          }
        >
          <TextField id="register-name" name="name" label="Name" autoComplete="name" />
          <TextField id="register-email" name="email" label="Email" type="email" autoComplete="email" />
          <TextField
            id="register-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            help={passwordHelp}
          />
          <SubmitButton pending={register.isPending} className="w-100">
            {register.isPending ? 'Registering…' : 'Register'}
          </SubmitButton>
        </ZodForm>
        <p className="mt-3 mb-0 text-center">
          Already registered? <Link to="/cvdp/login">Sign in</Link>
        </p>
      </Card.Body>
    </Card>
  );
}

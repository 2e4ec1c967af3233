import { paths } from '@outpost/contracts';
import { Button, Card, CardBody, TextField } from '@outpost/ui';
import { USERNAME_RULES, validateUsername } from '@outpost/validation';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@outpost/router';
import {
  selectCurrentUser,
  useAppSelector,
  useClaimUsernameMutation,
  useRefreshAccount,
  type ApiClientError,
} from '../api/username.api';
import { useUsernameCheck } from '../hooks/use-username-check';
import { UsernameAvailability } from './username-availability';

/** /auth/setup-username: a new account picks its username (also its name when it has none). */
export default function SetupUsernamePage() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const refreshAccount = useRefreshAccount();
  const [username, setUsername] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [claim, { isLoading }] = useClaimUsernameMutation();
  const check = useUsernameCheck(username);
  const statusId = useId();
  const unavailable = check.state === 'answered' && !check.answer.available;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = username.trim();
    const invalid = validateUsername(value);
    if (invalid || unavailable) {
      setSubmitError(invalid ?? (check.state === 'answered' ? (check.answer.message ?? null) : null));
      return;
    }
    setSubmitError(null);
    try {
      const hasName = Boolean(user?.name.trim());
      await claim(hasName ? { username: value } : { username: value, name: value }).unwrap();
      await refreshAccount();
      navigate(paths.networks(), { replace: true });
    } catch (error) {
      setSubmitError((error as ApiClientError).message ?? 'The username could not be saved');
    }
  };

  return (
    <section className="op-page acc-auth">
      <Card className="acc-auth__card">
        <CardBody>
          <h1 className="acc-auth__title">Choose your username</h1>
          <p className="acc-auth__lead">
            This is how other members of your networks see you
            {user?.email ? ` (signed in as ${user.email})` : ''}.
          </p>
          <form className="acc-form" onSubmit={submit} noValidate aria-label="Choose your username">
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                setSubmitError(null);
              }}
              hint={USERNAME_RULES}
              error={submitError ?? undefined}
              aria-describedby={statusId}
              autoFocus
            />
            <UsernameAvailability id={statusId} check={check} />
            <Button
              type="submit"
              block
              busy={isLoading}
              busyLabel="Saving…"
              disabled={check.state !== 'answered' || !check.answer.available}
            >
              Continue
            </Button>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}

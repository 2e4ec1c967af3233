import { Button, TextField } from '@outpost/ui';
import { validateEmail } from '@outpost/validation';
import { useRef, useState, type FormEvent } from 'react';
import {
  magicLinkUrl,
  uniqueId,
  useCreateMagicUrlTokenMutation,
  type ApiClientError,
} from '../api/login.api';

/** The e-mail form; once the link is sent it says where to look, naming the address. */
export const MagicLinkForm = () => {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [createToken, { isLoading, error, reset }] = useCreateMagicUrlTokenMutation();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const invalid = validateEmail(address);
    if (invalid) {
      setFieldError(invalid);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    try {
      await createToken({ userId: uniqueId(), email: address, url: magicLinkUrl() }).unwrap();
      setSentTo(address);
    } catch {
      // shown from `error` below
    }
  };

  if (sentTo)
    return (
      <div className="acc-sent" role="status">
        <h2>Check your inbox</h2>
        <p>
          We sent a sign-in link to <strong>{sentTo}</strong>. Open it on this device to sign in; it works
          once and only for a short time.
        </p>
        <Button
          variant="ghost"
          onClick={() => {
            setSentTo(null);
            reset();
          }}
        >
          Use a different e-mail
        </Button>
      </div>
    );

  const serverError = error ? (error as ApiClientError).message : null;
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Sign in with e-mail">
      <TextField
        ref={inputRef}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError ?? undefined}
        hint="We e-mail you a link that signs you in. No password needed."
      />
      {serverError && (
        <p className="op-form-error" role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" block busy={isLoading} busyLabel="Sending link…">
        Send sign-in link
      </Button>
    </form>
  );
};

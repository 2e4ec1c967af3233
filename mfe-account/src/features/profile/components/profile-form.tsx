import { DEMO_READ_ONLY_MESSAGE, type UserProfile } from '@outpost/contracts';
import { Button, TextField, useToast } from '@outpost/ui';
import { MESSAGES, USERNAME_RULES, validateUsername } from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { useRefreshAccount, useUpdateProfileMutation, type ApiClientError } from '../api/profile.api';

export type ProfileFormProps = { profile: UserProfile; readOnly: boolean };

type Draft = { name: string; username: string; avatar: string };
type DraftErrors = Partial<Record<keyof Draft, string>>;

const draftOf = (profile: UserProfile): Draft => ({
  name: profile.name,
  username: profile.username ?? '',
  avatar: profile.avatar ?? '',
});

const AVATAR_PATTERN = /^https?:\/\/\S+$/;

const validate = (draft: Draft): DraftErrors => {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name || name.length > 100) errors.name = MESSAGES.profileNameInvalid;
  const username = validateUsername(draft.username);
  if (username) errors.username = username;
  const avatar = draft.avatar.trim();
  if (avatar && (avatar.length > 2048 || !AVATAR_PATTERN.test(avatar)))
    errors.avatar = MESSAGES.avatarInvalid;
  return errors;
};

/** Only what changed is sent; an emptied avatar is removed (null). */
const changesOf = (saved: Draft, draft: Draft) => {
  const changes: { name?: string; username?: string; avatar?: string | null } = {};
  if (draft.name.trim() !== saved.name) changes.name = draft.name.trim();
  if (draft.username.trim() !== saved.username) changes.username = draft.username.trim();
  if (draft.avatar.trim() !== saved.avatar) changes.avatar = draft.avatar.trim() || null;
  return changes;
};

/** Name, username and avatar; the e-mail is the sign-in identity and stays read-only. */
export const ProfileForm = ({ profile, readOnly }: ProfileFormProps) => {
  const saved = draftOf(profile);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const refreshAccount = useRefreshAccount();
  const toast = useToast();
  const changes = changesOf(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const readOnlyTitle = readOnly ? DEMO_READ_ONLY_MESSAGE : undefined;

  const edit = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    try {
      const next = await updateProfile(changes).unwrap();
      setDraft(draftOf(next));
      await refreshAccount();
      toast.show({ tone: 'success', message: 'Profile saved' });
    } catch (error) {
      const failure = error as ApiClientError;
      const fieldErrors: DraftErrors = {};
      for (const detail of failure.details ?? [])
        if (detail.field in draft) fieldErrors[detail.field as keyof Draft] = detail.message;
      setErrors(fieldErrors);
      setServerError(failure.message);
    }
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Profile">
      <fieldset className="acc-fieldset" disabled={readOnly}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={draft.name}
          onChange={edit('name')}
          error={errors.name}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={draft.username}
          onChange={edit('username')}
          error={errors.username}
          hint={USERNAME_RULES}
        />
        <TextField
          label="Avatar URL"
          name="avatar"
          type="url"
          inputMode="url"
          placeholder="https://example.com/me.png"
          value={draft.avatar}
          onChange={edit('avatar')}
          error={errors.avatar}
          hint="A picture shown beside your name; leave empty to show your initials."
        />
      </fieldset>
      <TextField
        label="E-mail"
        name="email"
        type="email"
        value={profile.email}
        readOnly
        hint="You sign in with this address; it cannot be changed here."
      />
      {serverError && (
        <p className="op-form-error" role="alert">
          {serverError}
        </p>
      )}
      <div className="acc-form__actions">
        <Button
          variant="secondary"
          disabled={readOnly || !dirty || isLoading}
          title={readOnlyTitle}
          onClick={() => {
            setDraft(saved);
            setErrors({});
            setServerError(null);
          }}
        >
          Reset Changes
        </Button>
        <Button
          type="submit"
          disabled={readOnly || !dirty}
          title={readOnlyTitle}
          busy={isLoading}
          busyLabel="Saving…"
        >
          Save Changes
        </Button>
      </div>
    </form>
  );
};

import { INVITE_MAX_USES, INVITE_ROLES, type InviteRole } from '@outpost/contracts';
import { RadioGroup, SelectField, TextField } from '@outpost/ui';
import { ROLE_LABELS } from '../../../shared/components/role-badge';
import { INVITE_EXPIRY_CHOICES, type InviteExpiryChoice, type InviteOptions } from '../utils/invite-options';

export type InviteOptionsFieldsProps = {
  options: InviteOptions;
  onChange: (options: InviteOptions) => void;
  /** The API's messages by field: role, maxUses, expiresInHours. */
  errors: Partial<Record<string, string>>;
};

/** What a new code gives and how long it lasts: the role, the number of people, the expiry. */
export const InviteOptionsFields = ({ options, onChange, errors }: InviteOptionsFieldsProps) => (
  <fieldset className="net-fieldset net-invite-options">
    <legend>New code</legend>
    <RadioGroup<InviteRole>
      legend="Joins as"
      choices={INVITE_ROLES}
      labels={{ member: ROLE_LABELS.member, moderator: ROLE_LABELS.moderator }}
      value={options.role}
      onChange={(role) => onChange({ ...options, role })}
      error={errors.role}
    />
    <div className="net-invite-options__row">
      <TextField
        label="Uses"
        type="number"
        inputMode="numeric"
        min={1}
        max={INVITE_MAX_USES}
        value={options.uses}
        onChange={(event) => onChange({ ...options, uses: event.target.value })}
        hint={`How many people can join with it, 1 to ${INVITE_MAX_USES}`}
        error={errors.maxUses}
      />
      <SelectField<InviteExpiryChoice>
        label="Expires after"
        value={options.expiry}
        options={INVITE_EXPIRY_CHOICES}
        onChange={(expiry) => onChange({ ...options, expiry })}
        error={errors.expiresInHours}
      />
    </div>
  </fieldset>
);

import type { AutomationTemplate } from '@outpost/contracts';
import { SelectField } from '@outpost/ui';
import { useState } from 'react';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetAutomationTemplatesQuery } from '../api/automation.api';

export type TemplatePickerProps = {
  networkId: string;
  /** The template chosen, or null for a blank form again. */
  onPick: (template: AutomationTemplate | null) => void;
};

/** "Templates": fills the form from one of the API's templates, to change before saving. */
export const TemplatePicker = ({ networkId, onPick }: TemplatePickerProps) => {
  const query = useGetAutomationTemplatesQuery(networkId);
  const [chosen, setChosen] = useState('');
  const templates = query.data ?? [];
  const template = templates.find((item) => item.id === chosen);
  return (
    <SelectField
      label="Templates"
      value={chosen}
      options={[
        { value: '', label: query.isLoading ? 'Loading templates…' : 'None: start from scratch' },
        ...templates.map((item) => ({ value: item.id, label: item.name })),
      ]}
      onChange={(id) => {
        setChosen(id);
        onPick(templates.find((item) => item.id === id) ?? null);
      }}
      hint={template?.description ?? 'A template fills the form; change anything before saving.'}
      error={query.isError ? errorMessage(query.error, 'Failed to load the templates') : undefined}
    />
  );
};

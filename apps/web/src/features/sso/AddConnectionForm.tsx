import { PasswordInput, SegmentedControl, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  GOOGLE_ISSUER,
  SSO_PRESET_LABELS,
  SSO_TEXTS,
  entraIssuer,
  type SsoPresetValue,
} from '@scmp/api/contracts/sso';
import {
  AddConnectionFrame,
  type AddConnectionFormProps,
  type DefaultRole,
} from './ConnectionFormParts';

/** Add an OpenID Connect connection, with presets for Google Workspace and Microsoft Entra ID. */
export function AddConnectionForm({ organization, onDone }: AddConnectionFormProps) {
  const form = useForm({
    initialValues: {
      preset: 'google' as SsoPresetValue,
      display_name: 'Google Workspace',
      issuer: GOOGLE_ISSUER,
      entra_tenant_id: '',
      client_id: '',
      client_secret: '',
      default_role: 'member' as DefaultRole,
    },
  });
  const choosePreset = (preset: SsoPresetValue) => {
    form.setValues({
      preset,
      display_name: SSO_PRESET_LABELS[preset],
      issuer:
        preset === 'google'
          ? GOOGLE_ISSUER
          : preset === 'entra'
            ? entraIssuer(form.values.entra_tenant_id || '<tenant id>')
            : '',
    });
  };

  return (
    <AddConnectionFrame
      label="Add a connection"
      form={form}
      organization={organization}
      onDone={onDone}
      createdText={SSO_TEXTS.created}
      toInput={(v) => ({
        type: 'oidc',
        preset: v.preset,
        issuer: v.preset === 'entra' ? entraIssuer(v.entra_tenant_id.trim()) : v.issuer,
        entra_tenant_id: v.preset === 'entra' ? v.entra_tenant_id : null,
        client_id: v.client_id,
        client_secret: v.client_secret,
      })}
    >
      <SegmentedControl
        aria-label="Identity provider"
        value={form.values.preset}
        onChange={(value) => choosePreset(value as SsoPresetValue)}
        data={[
          { value: 'google', label: SSO_PRESET_LABELS.google },
          { value: 'entra', label: SSO_PRESET_LABELS.entra },
          { value: 'generic', label: 'Other (OpenID Connect)' },
        ]}
      />
      {form.values.preset === 'entra' ? (
        <TextInput
          label="Tenant ID"
          description="Microsoft Entra admin center → Overview → Tenant ID"
          {...form.getInputProps('entra_tenant_id')}
        />
      ) : (
        <TextInput
          label="Issuer"
          readOnly={form.values.preset === 'google'}
          {...form.getInputProps('issuer')}
        />
      )}
      <TextInput label="Client ID" {...form.getInputProps('client_id')} />
      <PasswordInput label="Client secret" {...form.getInputProps('client_secret')} />
    </AddConnectionFrame>
  );
}

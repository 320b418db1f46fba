import { Code, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SAML_TEXTS } from '@scmp/api/contracts/sso-saml';
import {
  AddConnectionFrame,
  type AddConnectionFormProps,
  type DefaultRole,
} from './ConnectionFormParts';
import { CopyableValue } from '../../lib/CopyValue';

/** Add a SAML 2.0 connection from the identity provider's metadata (pasted, or its URL). */
export function AddSamlConnectionForm({ organization, onDone }: AddConnectionFormProps) {
  const form = useForm({
    initialValues: {
      display_name: 'SAML identity provider',
      idp_metadata_xml: '',
      idp_metadata_url: '',
      default_role: 'member' as DefaultRole,
    },
  });

  return (
    <AddConnectionFrame
      label="Add a SAML connection"
      form={form}
      organization={organization}
      onDone={onDone}
      createdText={SAML_TEXTS.created}
      toInput={(v) => ({
        type: 'saml',
        ...(v.idp_metadata_url.trim()
          ? { idp_metadata_url: v.idp_metadata_url.trim() }
          : { idp_metadata_xml: v.idp_metadata_xml }),
      })}
    >
      <Textarea
        label="Identity provider metadata (XML)"
        description="Download it from your identity provider and paste it here, or give its URL below"
        autosize
        minRows={4}
        maxRows={12}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        {...form.getInputProps('idp_metadata_xml')}
      />
      <TextInput
        label="…or its metadata URL"
        placeholder="https://idp.example.org/metadata"
        {...form.getInputProps('idp_metadata_url')}
      />
    </AddConnectionFrame>
  );
}

type SamlRow = {
  entity_id: string | null;
  acs_url: string | null;
  metadata_url: string | null;
  idp_entity_id: string | null;
  idp_sso_url: string | null;
};

function Pasted({ label, value, what }: { label: string; value: string | null; what: string }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td>
        <CopyableValue value={value ?? ''} what={what}>
          <Code>{value}</Code>
        </CopyableValue>
      </Table.Td>
    </Table.Tr>
  );
}

/** The SAML values of a connection's table: what to paste into the IdP, and what SCMP read. */
export function SamlRows({ connection }: { connection: SamlRow }) {
  return (
    <>
      <Pasted label="Entity ID (audience)" value={connection.entity_id} what="entity ID" />
      <Pasted label="ACS URL" value={connection.acs_url} what="ACS URL" />
      <Pasted label="SP metadata URL" value={connection.metadata_url} what="metadata URL" />
      <Table.Tr>
        <Table.Th>Identity provider</Table.Th>
        <Table.Td>
          <Code>{connection.idp_entity_id}</Code>
          <Text size="xs" c="dimmed">
            Sign-in URL: {connection.idp_sso_url}
          </Text>
        </Table.Td>
      </Table.Tr>
    </>
  );
}

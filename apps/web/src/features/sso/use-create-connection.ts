import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';

/**
 * The create-connection mutation of the OIDC and SAML forms: on success the message and the list
 * refreshed, then `onDone`; a refusal's field errors go onto the form's fields, any other error
 * into a notification.
 */
export function useCreateConnection(
  form: { setFieldError: (field: string, error: string | undefined) => void },
  createdText: string,
  onDone: () => void,
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.sso.createConnection.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message ?? createdText });
        await queryClient.invalidateQueries({ queryKey: trpc.sso.listConnections.pathKey() });
        onDone();
      },
      onError: (error) => {
        const errors = errorEnvelopeOf(error)?.errors ?? {};
        const fields = Object.keys(errors);
        for (const field of fields) form.setFieldError(field, errors[field]?.[0]);
        if (fields.length === 0)
          notifications.show({ color: 'red', message: errorMessage(error, 'Could not add') });
      },
    }),
  );
}

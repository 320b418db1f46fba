import { useState } from 'react';
import { ConfirmChargeModal, type ChargeRequest } from './ConfirmChargeModal';
import { newIdempotencyKey } from './format';
import { useChanged, type Subscription } from './subscription-shared';

/** What every charge sends besides its own fields: the quote it confirms and a fresh key. */
export type ChargeFields = {
  organization_uuid: string;
  proration_date: number;
  idempotency_key: string;
};

/**
 * A charge that asks first: `ask(request)` opens the confirmation dialog (`dialog`, which the
 * caller draws); Confirm runs `charge` with the request and the quote's fields, closes the
 * dialog, calls `onCharged`, then shows the server's message (or `done`) and refetches. Money
 * moves only on Confirm.
 */
export function useChargeConfirmation<K extends ChargeRequest['kind']>({
  sub,
  kind,
  charge,
  done,
  onCharged,
}: {
  sub: Subscription;
  kind: K;
  charge: (
    request: Extract<ChargeRequest, { kind: K }>,
    fields: ChargeFields,
  ) => Promise<{ message?: string | null }>;
  done: string;
  onCharged?: () => void;
}) {
  const changed = useChanged();
  const [request, setRequest] = useState<ChargeRequest | null>(null);
  const onConfirm = async (prorationDate: number) => {
    if (request?.kind !== kind) return;
    const res = await charge(request as Extract<ChargeRequest, { kind: K }>, {
      organization_uuid: sub.organization_uuid,
      proration_date: prorationDate,
      idempotency_key: newIdempotencyKey(),
    });
    setRequest(null);
    onCharged?.();
    await changed(res, done);
  };
  const dialog = (
    <ConfirmChargeModal
      organizationUuid={sub.organization_uuid}
      request={request}
      onClose={() => setRequest(null)}
      onConfirm={onConfirm}
    />
  );
  return { ask: setRequest, dialog };
}

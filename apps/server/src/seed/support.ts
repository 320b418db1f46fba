import type { AppDeps } from '@scmp/api';

const HOUR = 3_600_000;

/** Demo support tickets for demo@scmp.test: one answered by the staff user, one still open. */
export async function seedSupport(deps: AppDeps, userIds: Record<string, number>): Promise<void> {
  const customerId = userIds['demo@scmp.test'];
  const staffId = userIds['staff@scmp.test'];
  if (!customerId) return;
  const now = deps.clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

  const answered = await deps.db
    .insertInto('support_tickets')
    .values({
      user_id: customerId,
      organization_id: null,
      subject: 'Parents cannot see the new term calendar',
      description:
        'We published the autumn term calendar this morning but parents still see last term. ' +
        'Is there a cache we need to clear?',
      category: 'technical',
      priority: 'high',
      status: 'in_progress',
      created_at: at(30),
      updated_at: at(26),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('support_ticket_messages')
    .values([
      {
        ticket_id: answered.id,
        author_id: staffId ?? null,
        is_staff_reply: true,
        message:
          'Thanks for the report. We have refreshed the calendar cache for your portal; ' +
          'parents should see the new term within a few minutes. We will keep this ticket open ' +
          'until you confirm.',
        created_at: at(27),
      },
      {
        ticket_id: answered.id,
        author_id: customerId,
        is_staff_reply: false,
        message: 'Most parents can see it now. I will check with the rest tomorrow.',
        created_at: at(26),
      },
    ])
    .execute();

  await deps.db
    .insertInto('support_tickets')
    .values({
      user_id: customerId,
      organization_id: null,
      subject: 'Invoice address for next month',
      description: 'Please change the invoice address to our new office from next month.',
      category: 'billing',
      priority: 'medium',
      status: 'open',
      created_at: at(3),
      updated_at: at(3),
    })
    .execute();
}

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../root';
import { activityDailyOutput, activityOutput, activitySummaryOutput } from '../../domain/activity';
import { notificationHistoryItem, notificationPreferencesSchema } from '../../domain/notifications';
import { staffRetentionOutput } from '../../domain/staff';
import { staffTicketFiltersInput } from '../../domain/support';
import { billingDetailsSchema } from '../../domain/billing/subscription-schema';
import { creationOptionsOutput } from './passkeys/schemas';
import type * as activity from '../../domain/activity';
import type * as notifications from '../../domain/notifications';
import type * as privacy from '../../domain/privacy';
import type * as sso from '../../domain/sso';
import type * as staff from '../../domain/staff';
import type * as support from '../../domain/support';

/**
 * One schema per shape (issue 36): in these areas a response shape is one zod schema, the
 * service's return type is its z.output, and every object in it is strict. tsc then fails when the
 * schema has a field the service does not return, and output validation (500) fails when the
 * service returns a key the schema does not know; apps/server/test/doors-agree.test.ts calls every
 * procedure, so drift fails the tests either way. This test keeps the schemas strict.
 */
const AREAS = [
  'organizations.',
  'members.',
  'instances.',
  'branding.',
  'subscription.',
  'apiTokens.',
  'webhooks.',
  'dashboard.',
  'publicSite.tenantBranding',
  'publicSite.organizationBranding',
  'publicSite.instanceBranding',
  'support.',
  'staff.',
  'profile.',
  'passkeys.',
  'sso.',
  'privacy.',
];

/**
 * Deliberately not strict: stored JSON passed through as saved (see subscription-schema.ts), and
 * the WebAuthn options @simplewebauthn/server makes, handed to the browser as they are.
 */
const PASSED_THROUGH = new Set<unknown>([billingDetailsSchema, creationOptionsOutput]);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths (inside `data`) of the object schemas that let unknown keys through. */
function looseObjects(schema: z.ZodType, at: string, found: string[]): string[] {
  if (PASSED_THROUGH.has(schema)) return found;
  const def = defOf(schema);
  if (def.type === 'object') {
    if (!def.catchall || defOf(def.catchall).type !== 'never') found.push(at || '(data)');
    for (const [key, value] of Object.entries(def.shape ?? {}))
      looseObjects(value, `${at}.${key}`, found);
  }
  for (const inner of [def.element, def.innerType, def.in, def.out, ...(def.options ?? [])]) {
    if (inner) looseObjects(inner, at, found);
  }
  return found;
}

describe('output schemas of the areas with one schema per shape', () => {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { output?: z.ZodType } }
  >;
  const paths = Object.keys(procedures).filter((path) => AREAS.some((a) => path.startsWith(a)));

  it('covers the areas', () => {
    expect(paths.length).toBeGreaterThan(50);
  });

  it('every object a procedure answers with is strict about unknown keys', () => {
    const loose: string[] = [];
    for (const path of paths) {
      const output = procedures[path]!._def.output;
      if (!output) continue;
      const data = defOf(output).shape?.data;
      if (!data) continue;
      for (const at of looseObjects(data, '', [])) loose.push(`${path}: ${at}`);
    }
    expect(loose).toEqual([]);
  });
});

/** The area schema each procedure must answer with (a twin written in the router fails). */
const AREA_SCHEMAS: Array<[path: string, data: z.ZodType, list?: 'page']> = [
  ['profile.activityList', activityOutput, 'page'],
  ['profile.activitySummary', activitySummaryOutput],
  ['profile.activityDaily', activityDailyOutput],
  ['profile.notificationHistory', notificationHistoryItem, 'page'],
  ['profile.getNotificationPreferences', notificationPreferencesSchema],
  ['profile.updateNotificationPreferences', notificationPreferencesSchema],
  ['staff.retention', staffRetentionOutput],
];

describe('procedures reuse their area’s schema', () => {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { output?: z.ZodType; inputs: z.ZodType[] } }
  >;

  it.each(AREA_SCHEMAS)('%s answers with the schema of its area', (path, schema, list) => {
    const data = defOf(procedures[path]!._def.output!).shape!.data!;
    expect(list === 'page' ? defOf(data).element : data).toBe(schema);
  });

  it('support.staffListTickets takes the filters schema of its area', () => {
    expect(procedures['support.staffListTickets']!._def.inputs).toEqual([staffTicketFiltersInput]);
  });
});

/** What a service resolves to. */
type Returns<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe('the services answer with their schema’s shape', () => {
  // Checked by tsc (npm run typecheck): a service whose return type drifts from the schema its
  // procedure's .output() uses fails here by name.
  it('sso', () => {
    type Connection = z.output<typeof sso.connectionOutput>;
    expectTypeOf<Returns<typeof sso.listConnections>>().toEqualTypeOf<Connection[]>();
    expectTypeOf<Returns<typeof sso.getConnection>>().toEqualTypeOf<Connection>();
    expectTypeOf<Returns<typeof sso.createConnection>>().toEqualTypeOf<Connection>();
    expectTypeOf<Returns<typeof sso.updateConnection>>().toEqualTypeOf<Connection>();
    type Domain = z.output<typeof sso.organizationDomainOutput>;
    expectTypeOf<Returns<typeof sso.listDomains>>().toEqualTypeOf<Domain[]>();
    expectTypeOf<Returns<typeof sso.addDomain>>().toEqualTypeOf<Domain>();
    expectTypeOf<Returns<typeof sso.verifyDomain>>().toEqualTypeOf<Domain>();
    type Policy = z.output<typeof sso.policyOutput>;
    expectTypeOf<Returns<typeof sso.getPolicy>>().toEqualTypeOf<Policy>();
    expectTypeOf<Returns<typeof sso.updatePolicy>>().toEqualTypeOf<Policy>();
    expectTypeOf<Returns<typeof sso.listFailures>>().toEqualTypeOf<
      z.output<typeof sso.failureOutput>[]
    >();
    expectTypeOf<Returns<typeof sso.tenantConnections>>().toEqualTypeOf<
      z.output<typeof sso.tenantConnectionOutput>[]
    >();
  });

  it('privacy', () => {
    expectTypeOf<Returns<typeof privacy.listDataExports>>().toEqualTypeOf<
      z.output<typeof privacy.dataExportOutput>[]
    >();
    expectTypeOf<Returns<typeof privacy.requestDataExport>>().toEqualTypeOf<
      z.output<typeof privacy.requestedExportOutput>
    >();
    expectTypeOf<Returns<typeof privacy.confirmPassword>>().toEqualTypeOf<
      z.output<typeof privacy.reauthOutput>
    >();
  });

  it('profile: activity and notifications', () => {
    type Page<T> = { items: T[]; next_cursor: string | null };
    type Preferences = z.output<typeof notifications.notificationPreferencesSchema>;
    // Each row: what the service resolves to, and the z.output of its procedure's schema.
    type Rows = {
      list: [Returns<typeof activity.listActivity>, Page<z.output<typeof activity.activityOutput>>];
      summary: [
        Returns<typeof activity.activitySummary>,
        z.output<typeof activity.activitySummaryOutput>,
      ];
      daily: [
        Returns<typeof activity.activityDaily>,
        z.output<typeof activity.activityDailyOutput>,
      ];
      history: [
        Returns<typeof notifications.listNotificationHistory>,
        Page<z.output<typeof notifications.notificationHistoryItem>>,
      ];
      preferences: [Returns<typeof notifications.getNotificationPreferences>, Preferences];
      savedPreferences: [Returns<typeof notifications.updateNotificationPreferences>, Preferences];
    };
    expectTypeOf<{ [K in keyof Rows]: Rows[K][0] }>().toEqualTypeOf<{
      [K in keyof Rows]: Rows[K][1];
    }>();
  });

  it('staff retention and the staff ticket filters', () => {
    expectTypeOf<Returns<typeof staff.staffRetention>>().toEqualTypeOf<
      z.output<typeof staff.staffRetentionOutput>
    >();
    expectTypeOf<Parameters<typeof support.listTicketsForStaff>[1]>().toEqualTypeOf<
      z.output<typeof support.staffTicketFiltersInput>
    >();
  });
});

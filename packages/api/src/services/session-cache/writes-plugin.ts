import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** The tables a cached session is made of. */
const WATCHED_TABLES = new Set(['users', 'sessions']);
/** A session UPDATE that sets only these columns does not change what the cache holds. */
const NEUTRAL_SESSION_COLUMNS = new Set(['last_active_at']);

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.kind === 'TableNode') {
    return ((n.table as Node).identifier as { name?: string } | undefined)?.name;
  }
  if (n.kind === 'AliasNode') return tableName(n.node);
  return undefined;
}

function updatedColumns(node: Node): string[] {
  const updates = (node.updates as Node[] | undefined) ?? [];
  return updates.map((u) => ((u.column as Node)?.column as { name?: string })?.name ?? '');
}

/** Whether this statement may change a user or session row the cache could hold. */
export function changesSessions(node: RootOperationNode): boolean {
  const n = node as unknown as Node;
  if (n.kind === 'UpdateQueryNode') {
    const table = tableName(n.table);
    if (!table || !WATCHED_TABLES.has(table)) return false;
    if (table === 'sessions') return updatedColumns(n).some((c) => !NEUTRAL_SESSION_COLUMNS.has(c));
    return true;
  }
  if (n.kind === 'DeleteQueryNode') {
    const froms = ((n.from as Node | undefined)?.froms as unknown[] | undefined) ?? [];
    return froms.some((from) => WATCHED_TABLES.has(tableName(from) ?? ''));
  }
  return false;
}

/**
 * Calls `onWrite` after every UPDATE or DELETE of users or sessions made through this Kysely
 * instance, so the session cache of this process forgets at once instead of waiting for the
 * database trigger's NOTIFY (which still covers everyone else: other processes, raw SQL).
 */
export function sessionWritesPlugin(onWrite: () => void): KyselyPlugin {
  const pending = new WeakSet<object>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (changesSessions(args.node)) pending.add(args.queryId);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(args.queryId)) {
        pending.delete(args.queryId);
        onWrite();
      }
      return args.result;
    },
  };
}

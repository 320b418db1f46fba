import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Which statements change what a cache holds. */
export type WatchedWrites = {
  /** Tables whose UPDATE and DELETE statements count. */
  tables: ReadonlySet<string>;
  /** Tables whose INSERT statements count too. */
  inserts?: ReadonlySet<string>;
  /** Per table, columns an UPDATE may set without changing what the cache holds. */
  neutralColumns?: Readonly<Record<string, ReadonlySet<string>>>;
};

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

/** Whether this statement may change a row of a watched table. */
export function changesWatched(node: RootOperationNode, watch: WatchedWrites): boolean {
  const n = node as unknown as Node;
  if (n.kind === 'UpdateQueryNode') {
    const table = tableName(n.table);
    if (!table || !watch.tables.has(table)) return false;
    const neutral = watch.neutralColumns?.[table];
    return !neutral || updatedColumns(n).some((c) => !neutral.has(c));
  }
  if (n.kind === 'DeleteQueryNode') {
    const froms = ((n.from as Node | undefined)?.froms as unknown[] | undefined) ?? [];
    return froms.some((from) => watch.tables.has(tableName(from) ?? ''));
  }
  if (n.kind === 'InsertQueryNode') return watch.inserts?.has(tableName(n.into) ?? '') ?? false;
  return false;
}

/** A cache's watched writes and what forgets it. */
export type WritesWatcher = { watch: WatchedWrites; onWrite: () => void };

/**
 * Calls each watcher's `onWrite` after every statement made through this Kysely instance that
 * changes a table it watches, so this process's caches forget at once instead of waiting for the
 * database trigger's NOTIFY (which still covers everyone else: other processes, raw SQL). One
 * plugin for every cache: Kysely awaits each plugin's transformResult on every query, reads
 * included, with a frozen arguments object each time.
 */
export function writesPlugin(watchers: readonly WritesWatcher[]): KyselyPlugin {
  const pending = new WeakMap<object, WritesWatcher[]>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      let touched: WritesWatcher[] | undefined;
      for (const w of watchers) {
        if (changesWatched(args.node, w.watch)) (touched ??= []).push(w);
      }
      if (touched) pending.set(args.queryId, touched);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const touched = pending.get(args.queryId);
      if (touched) {
        pending.delete(args.queryId);
        for (const w of touched) w.onWrite();
      }
      return args.result;
    },
  };
}

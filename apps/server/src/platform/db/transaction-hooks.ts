import type { Kysely, Transaction } from "kysely";
import type { DB } from "./schema.ts";

/**
 * Work a hook adds at the end of a transaction (inside it, so it commits or rolls back with the rest),
 * and what to do once the transaction has committed.
 */
export type TransactionHook = (trx: Transaction<DB>) => Promise<(() => void) | void>;

/**
 * Every `db.transaction().execute(...)` runs `hook` after its own work, in the same transaction: what
 * the hook writes is committed with the change or rolled back with it. Its answer runs after the commit.
 */
export function addTransactionHook(db: Kysely<DB>, hook: TransactionHook): void {
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
      const after: { committed?: (() => void) | void } = {};
      const result = await execute(async (trx) => {
        const value = await work(trx);
        after.committed = await hook(trx);
        return value;
      });
      after.committed?.();
      return result;
    };
    return builder;
  };
}

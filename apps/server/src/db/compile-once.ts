/**
 * A query compiled to SQL once, for the few queries every message runs (docs/DESIGN.md,
 * "The send path"). Kysely builds and compiles a query on every call, which costs about as
 * much as SQLite running it. Here `build` runs a single time with a placeholder in place of
 * each argument; every call then runs the same SQL with the real values bound where the
 * placeholders were. Only for queries of a fixed shape: no `in (…)` list whose length
 * varies, no clause that depends on a value.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

class Placeholder {
  constructor(readonly index: number) {}
}

export const compileOnce = <Args extends unknown[], Row>(
  db: Kysely<Database>,
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
) => {
  const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index));
  const compiled: CompiledQuery<Row> = build(db, ...(placeholders as unknown as Args)).compile();
  const bindings = compiled.parameters.map((parameter) => (parameter instanceof Placeholder ? parameter.index : -1));
  if (new Set(bindings.filter((index) => index >= 0)).size !== arity) throw new Error(`compileOnce: the query does not bind each of its ${arity} arguments`);
  return (executor: Executor, ...args: Args): Promise<QueryResult<Row>> =>
    executor.executeQuery<Row>({
      ...compiled,
      parameters: bindings.map((index, position) => (index >= 0 ? args[index] : compiled.parameters[position])),
    });
};

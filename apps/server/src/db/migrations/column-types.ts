import type { ColumnDataType, ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

type DataTypeExpression = ColumnDataType;
import type { DialectName } from '../dialect.js';

/** Column types that mean the same on both databases (docs/adr/0002). */
export interface ColumnTypes {
  id: DataTypeExpression;
  primaryKey: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  ref: DataTypeExpression;
  bool: DataTypeExpression;
  time: DataTypeExpression;
  money: DataTypeExpression;
  /** Large counts such as byte sizes. */
  big: DataTypeExpression;
  json: DataTypeExpression;
  real: DataTypeExpression;
}

export const columnTypes = (dialect: DialectName): ColumnTypes =>
  dialect === 'postgres'
    ? {
        id: 'bigint',
        primaryKey: (c) => c.primaryKey().generatedAlwaysAsIdentity(),
        ref: 'bigint',
        bool: 'boolean',
        time: 'bigint',
        money: 'bigint',
        big: 'bigint',
        json: 'jsonb',
        real: 'double precision',
      }
    : {
        // INTEGER PRIMARY KEY AUTOINCREMENT: the rowid, never reused after a delete.
        id: 'integer',
        primaryKey: (c) => c.primaryKey().autoIncrement(),
        ref: 'integer',
        bool: 'integer',
        time: 'integer',
        money: 'integer',
        big: 'integer',
        json: 'text',
        real: 'real',
      };

/** A migration written with the column types of the database it runs on. */
export const withColumnTypes =
  (build: (t: ColumnTypes) => Migration) =>
  (dialect: DialectName): Migration =>
    build(columnTypes(dialect));

/** A new table, starting with the `id` primary key that every table here has. */
export const newTable = (db: Kysely<unknown>, t: ColumnTypes, name: string) => db.schema.createTable(name).addColumn('id', t.id, t.primaryKey);

import { Type } from '@mikro-orm/core';

/**
 * JSON kept in a plain text column. MikroORM's `json` type expects a native json column on
 * PostgreSQL and would hand back the raw string from a text one; one text column and this type
 * read the same on SQLite and PostgreSQL.
 */
export class JsonTextType<T extends object = Record<string, unknown>> extends Type<T, string> {
  override convertToDatabaseValue(value: T | string): string {
    return typeof value === 'string' ? value : JSON.stringify(value);
  }

  override convertToJSValue(value: T | string | null): T {
    if (value == null || value === '') return {} as T;
    return typeof value === 'string' ? (JSON.parse(value) as T) : value;
  }

  override getColumnType(): string {
    return 'text';
  }

  override compareAsType(): string {
    return 'string';
  }
}

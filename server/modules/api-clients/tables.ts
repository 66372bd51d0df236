import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { ApiScope } from '../../domain/schemas/api-scopes.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An OAuth 2.0 client-credentials client of a store: its secret is kept only as a digest. */
export interface ApiClientsTable {
  id: Generated<number>;
  store_id: number;
  /** public identifier the client authenticates with (`lsc_…`) */
  client_id: string;
  secret_hash: string;
  name: string;
  scopes: JsonWithDefault<ApiScope[]>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_used_at: NullableTime;
  revoked_at: NullableTime;
}

/** A short-lived bearer token a client obtained at POST /oauth/token (digest only). */
export interface ApiClientTokensTable {
  id: Generated<number>;
  store_id: number;
  client_id: number;
  token_hash: string;
  scopes: JsonWithDefault<ApiScope[]>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../db/schema.ts' {
  interface Database {
    api_clients: ApiClientsTable;
    api_client_tokens: ApiClientTokensTable;
  }
}

export type ApiClient = Selectable<ApiClientsTable>;

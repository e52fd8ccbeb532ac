import type { Knex } from 'knex';
import type { Db } from '../db/database.ts';
import type { Role } from '../wire/auth.ts';

export interface UserRow {
  id: number;
  organization_id: number | null;
  email: string;
  name: string;
  password_hash: string | null;
  role: Role;
  disabled: boolean;
  sor_dismissed_year: number | null;
  config: Record<string, unknown>;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserWithOrg extends UserRow {
  organization_name: string | null;
}

/** A user with their organization's name: `users` joined to `organizations` (the query must read from `users`). */
export const withOrganization = (query: Knex.QueryBuilder): Knex.QueryBuilder =>
  query.leftJoin('organizations', 'organizations.id', 'users.organization_id').select('users.*', 'organizations.organization_name');

export function userRepository(db: Db) {
  const withOrg = () => withOrganization(db('users')) as Knex.QueryBuilder<UserWithOrg, UserWithOrg[]>;
  return {
    async findById(id: number): Promise<UserWithOrg | undefined> {
      return withOrg().where('users.id', id).first();
    },
    async findByEmail(email: string): Promise<UserWithOrg | undefined> {
      return withOrg().whereRaw('lower(users.email) = lower(?)', [email.trim()]).first();
    },
    async create(values: Partial<UserRow> & { email: string }): Promise<UserRow> {
      const [row] = await db('users').insert({ ...values, email: values.email.trim() }).returning('*');
      return row as UserRow;
    },
    async update(id: number, values: Partial<UserRow>): Promise<void> {
      await db('users').where({ id }).update({ ...values, updated_at: db.fn.now() });
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;

import type { Selectable } from 'kysely';
import type { AppUserTable } from '../../db/schema';

export type UserRow = Selectable<AppUserTable>;
